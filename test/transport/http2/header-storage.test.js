// src/transport/http2/header-storage.js, and src/node-internals/header-storage.js beside it:
// Node's HTTP/1.1 storage is http's own, so a plain HTTP/2 compat response goes through its own
// setHeader/getHeader, and answering one first must not turn the fast path off for every
// HTTP/1.1 response after it (the storage key is found once per process, hence a process of
// its own here).
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const script = `
import http2 from "node:http2";
import http from "node:http";
import { headerOf, setValidHeader, outHeadersKeyOf } from "./src/node-internals/header-storage.js";
import { CONTENT_TYPE, TRANSFER_ENCODING } from "./src/headers.js";
const server = http2.createServer((req, res) => {
  setValidHeader(res, CONTENT_TYPE, "text/plain");
  res.end(String(headerOf(res, CONTENT_TYPE)));
});
server.listen(0, () => {
  const session = http2.connect("http://127.0.0.1:" + server.address().port);
  const stream = session.request({ ":path": "/" });
  let http2Answer = "";
  stream.on("data", (chunk) => (http2Answer += chunk));
  stream.on("end", () => {
    const res = new http.ServerResponse(new http.IncomingMessage(null));
    console.log(JSON.stringify({ http2Answer, http1Key: String(outHeadersKeyOf(res)) }));
    session.close();
    server.close();
  });
});
`;

const root = fileURLToPath(new URL("../../..", import.meta.url));
const runScript = (code) =>
  JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", code], { cwd: root, encoding: "utf8" }));

test("an HTTP/2 response first: its own methods answer, and HTTP/1.1 keeps the fast path", () => {
  expect(runScript(script)).toEqual({ http2Answer: "text/plain", http1Key: "Symbol(kOutHeaders)" });
});

// lib-server's own HTTP/2 responses: headerOf/setValidHeader read and write the compat
// response's header storage directly, which must be found on every supported Node line and
// step aside for whoever wraps setHeader or getHeader. (In a process of its own: lib-server
// loads its HTTP/2 support with require(), which under vitest is another module instance.)
const ownResponses = `
import Server from "./src/index.js";
import { headerOf, setValidHeader } from "./src/node-internals/header-storage.js";
import { http2HeadersOf, useHttp2HeaderStorage } from "./src/transport/http2/header-storage.js";
import { Http2ServerResponse } from "./src/transport/http2/response.js";
import { DROPPED } from "./src/transport/http2/fields.js";
import { CONTENT_TYPE, TRANSFER_ENCODING } from "./src/headers.js";
import { h2request, listenHttp2 } from "./test/helpers/http2.js";

const app = new Server();
const seen = { calls: [] };
app.get("/direct", (req, res) => {
  setValidHeader(res, CONTENT_TYPE, "text/plain; charset=utf-8");
  seen.direct = {
    // registering again changes nothing: true when this Node's storage is the one the module reads
    registered: useHttp2HeaderStorage(Http2ServerResponse, DROPPED),
    stored: http2HeadersOf(res)?.["content-type"],
    read: headerOf(res, CONTENT_TYPE),
    viaNode: res.getHeader("content-type"),
  };
  res.send("ok");
});
app.get("/wrapped", (req, res) => {
  const { setHeader, getHeader } = res;
  res.setHeader = (name, value) => (seen.calls.push("set " + name.toLowerCase()), setHeader.call(res, name, value));
  res.getHeader = (name) => (seen.calls.push("get " + name.toLowerCase()), getHeader.call(res, name));
  res.send("ok");
});
app.get("/dropped", (req, res) => {
  setValidHeader(res, TRANSFER_ENCODING, "chunked");
  res.end("ok");
});
app.get("/sent", (req, res) => {
  res.writeHead(200);
  try {
    setValidHeader(res, CONTENT_TYPE, "text/plain");
  } catch (error) {
    seen.sentError = error.code;
  }
  res.end();
});
const listening = await listenHttp2(app);
const origin = "http://127.0.0.1:" + listening.port;
const direct = await h2request(origin, { path: "/direct" });
await h2request(origin, { path: "/wrapped" });
const dropped = await h2request(origin, { path: "/dropped" });
await h2request(origin, { path: "/sent" });
listening.close();
console.log(JSON.stringify({ ...seen, directHeaders: direct.headers, dropped: { status: dropped.status, headers: Object.keys(dropped.headers) } }));
`;

test("lib-server's HTTP/2 responses: direct header storage found on this Node, stepping aside for wrappers and for what HTTP/2 drops", () => {
  const seen = runScript(ownResponses);
  expect(seen.direct).toEqual({
    registered: true,
    stored: "text/plain; charset=utf-8",
    read: "text/plain; charset=utf-8",
    viaNode: "text/plain; charset=utf-8",
  });
  expect(seen.directHeaders).toMatchObject({
    "content-type": "text/plain; charset=utf-8",
    "content-length": "2",
    etag: expect.stringMatching(/^W\//),
  });
  expect(seen.calls).toEqual(
    expect.arrayContaining(["set content-type", "set content-length", "set etag", "get content-type"]),
  );
  expect(seen.sentError).toBe("ERR_HTTP2_HEADERS_SENT");
  // A connection-specific field stored directly would make Node throw as the headers go out.
  expect(seen.dropped.status).toBe(200);
  expect(seen.dropped.headers).not.toContain("transfer-encoding");
});
