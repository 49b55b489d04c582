// sirv on raw node:http. ETags on, so it can answer 304s; a miss is a bare 404.
import { createServer } from "node:http";
import sirv from "sirv";
import { port, host, ready } from "../ready.js";
import { root } from "./root.js";

const files = sirv(root, { etag: true });
createServer((req, res) => {
  files(req, res, () => {
    res.statusCode = 404;
    res.end();
  });
}).listen(port, host, ready);
