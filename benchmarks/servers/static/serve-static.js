// serve-static 2 (what express.static is) alone on raw node:http, with the
// defaults express.static users get (ETag, Last-Modified, max-age=0); a miss
// is a bare 404.
import { createServer } from "node:http";
import serveStatic from "serve-static";
import { port, host, ready } from "../ready.js";
import { root } from "./root.js";

const files = serveStatic(root);
createServer((req, res) => {
  files(req, res, () => {
    res.statusCode = 404;
    res.end();
  });
}).listen(port, host, ready);
