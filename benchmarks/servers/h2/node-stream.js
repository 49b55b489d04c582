// The same hand-written server on node:http2's core stream API (no req/res objects),
// to show what the compatibility layer costs. The file is streamed from disk as the compat
// server does: respondWithFile() crashed Node 24.21 (a segfault) when h2load reset its
// streams at the end of a run.
import { createServer, createSecureServer, constants } from "node:http2";
import { createReadStream, stat } from "node:fs";
import { expressEtag } from "../node-send.js";
import { fileFor, fileHeaders } from "./hand-written.js";
import { tls } from "./tls.js";
import { port, host, ready } from "../ready.js";

const { HTTP2_HEADER_PATH, HTTP2_HEADER_STATUS } = constants;
const BODY = JSON.stringify({ hello: "world" });

function send(stream, body, type) {
  stream.respond({
    [HTTP2_HEADER_STATUS]: 200,
    "content-type": type,
    "content-length": Buffer.byteLength(body),
    etag: expressEtag(body),
  });
  stream.end(body);
}

function notFound(stream) {
  stream.respond({ [HTTP2_HEADER_STATUS]: 404 });
  stream.end();
}

function onStream(stream, headers) {
  const path = headers[HTTP2_HEADER_PATH];
  if (path === "/hello") return send(stream, "ok", "text/html; charset=utf-8");
  if (path === "/json") return send(stream, BODY, "application/json; charset=utf-8");
  const file = fileFor(path);
  if (!file) return notFound(stream);
  stat(file, (error, stats) => {
    if (stream.destroyed) return;
    if (error || !stats.isFile()) return notFound(stream);
    stream.respond({ [HTTP2_HEADER_STATUS]: 200, ...fileHeaders(file, stats), "content-length": stats.size });
    createReadStream(file).pipe(stream);
  });
}

// h2 only: the stream API has no HTTP/1.1 fallback to offer.
const server = tls ? createSecureServer(tls) : createServer();
server.on("stream", onStream);
server.listen(port, host, ready);
