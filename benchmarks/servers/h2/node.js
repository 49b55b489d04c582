// A hand-written node:http2 server, compatibility API ((req, res) as on node:http),
// sending byte for byte the headers lib-server sends: res.send's and res.json's with
// Express's weak ETag, and the static module's for the file, streamed from disk.
import { createServer, createSecureServer } from "node:http2";
import { createReadStream, stat } from "node:fs";
import { sendLikeExpress } from "../node-send.js";
import { fileFor, fileHeaders } from "./hand-written.js";
import { tls } from "./tls.js";
import { port, host, ready } from "../ready.js";

const BODY = JSON.stringify({ hello: "world" });

function handle(req, res) {
  if (req.url === "/hello") return sendLikeExpress(res, "ok", "text/html; charset=utf-8");
  if (req.url === "/json") return sendLikeExpress(res, BODY, "application/json; charset=utf-8");
  const file = fileFor(req.url);
  if (!file) return notFound(res);
  stat(file, (error, stats) => {
    if (error || !stats.isFile()) return notFound(res);
    for (const [name, value] of Object.entries(fileHeaders(file, stats))) res.setHeader(name, value);
    res.setHeader("content-length", stats.size);
    createReadStream(file).pipe(res);
  });
}

function notFound(res) {
  res.statusCode = 404;
  res.end();
}

const server = tls ? createSecureServer({ allowHTTP1: true, ...tls }, handle) : createServer(handle);
server.listen(port, host, ready);
