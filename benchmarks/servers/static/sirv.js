// sirv on raw node:http, set up as sirv's readme sets it up for production:
// production mode (dev: false, its default: every file of the root is found
// and its headers built once, at startup), long-lived Cache-Control
// (maxAge one year, immutable), plus ETags so it can answer the 304 case.
// A miss is a bare 404, as for serve-static and lib-server on node:http.
// It serves the static scenario's files/ only (benchmarks/fixtures/make-static.js).
import { createServer } from "node:http";
import sirv from "sirv";
import { port, host, ready } from "../ready.js";
import { root } from "./root.js";

const files = sirv(root, { dev: false, etag: true, maxAge: 31536000, immutable: true });
createServer((req, res) => {
  files(req, res, () => {
    res.statusCode = 404;
    res.end();
  });
}).listen(port, host, ready);
