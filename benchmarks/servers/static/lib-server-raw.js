// lib-server's serveStatic alone on raw node:http; a miss is a bare 404.
import { createServer } from "node:http";
import { serveStatic } from "../../../src/static/index.js";
import { port, host, ready } from "../ready.js";
import { root } from "./root.js";

const files = serveStatic(root, { listing: true });
createServer((req, res) => {
  files(req, res, () => {
    res.statusCode = 404;
    res.end();
  });
}).listen(port, host, ready);
