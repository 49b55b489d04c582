import { AsyncLocalStorage } from "node:async_hooks";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import Server from "../../src/index.js";
import { comparable } from "../helpers/compare.js";
import { startPair, abortUpload } from "../helpers/server.js";

// body-parser calls next() in the async context the parser was entered in
// (raw-body and on-finished bind their callbacks with AsyncResource), so a
// store entered before json()/urlencoded()/text()/raw() is still there in the
// route and in the error handler, whichever way the body ended.
// Bodies are sent in pieces a few ms apart, so that the parser finishes in a
// socket read, not in the tick that ran the middleware.

const als = new AsyncLocalStorage();
const errorsSeen = new Map(); // factory → what its error handler saw (aborted uploads get no answer)

function build(app, factory) {
  const seen = [];
  errorsSeen.set(factory, seen);
  app.use((req, res, next) => als.run({ id: req.headers["x-id"] }, next));
  for (const parser of ["json", "urlencoded", "text", "raw"]) {
    app.post(`/${parser}`, factory[parser]({ limit: "1kb" }), (req, res) => {
      res.json({ store: als.getStore() ?? null, body: req.body });
    });
  }
  app.use((err, req, res, next) => {
    seen.push({ id: req.headers["x-id"], store: als.getStore() ?? null, type: err.type });
    res.status(err.status || 500).json({ store: als.getStore() ?? null, type: err.type });
  });
}

const pieces = (body) => {
  const bytes = Buffer.from(body);
  const half = bytes.length >> 1;
  return [bytes.subarray(0, half), bytes.subarray(half)];
};

const parsers = {
  json: { type: "application/json", body: '{"a":1}', invalid: "{bad" },
  urlencoded: { type: "application/x-www-form-urlencoded", body: "a=1&b=2" },
  text: { type: "text/plain", body: "hello" },
  raw: { type: "application/octet-stream", body: "bytes" },
};

// [name, request, status Express answers]
function requestsFor(name, { type, body, invalid }) {
  const headers = { "content-type": type };
  const gzip = { ...headers, "content-encoding": "gzip" };
  const oversized = "x".repeat(2000);
  const requests = [
    ["in one write", { headers, body }, 200],
    ["chunked, in pieces", { headers, body: pieces(body), pause: 20 }, 200],
    [
      "with Content-Length, in pieces",
      { headers: { ...headers, "content-length": body.length }, body: pieces(body), pause: 20 },
      200,
    ],
    ["gzip, in pieces", { headers: gzip, body: pieces(zlib.gzipSync(body)), pause: 20 }, 200],
    ["413: chunked over the limit", { headers, body: pieces(oversized), pause: 20 }, 413],
    [
      "413: Content-Length over the limit",
      { headers: { ...headers, "content-length": oversized.length }, body: pieces(oversized), pause: 20 },
      413,
    ],
    ["400: corrupt gzip", { headers: gzip, body: pieces("not gzip at all"), pause: 20 }, 400],
    ["415: unknown content encoding", { headers: { ...headers, "content-encoding": "compress" }, body }, 415],
  ];
  if (invalid) requests.push(["400: invalid body", { headers, body: pieces(invalid), pause: 20 }, 400]);
  if (name !== "raw")
    requests.push(["415: unsupported charset", { headers: { "content-type": `${type}; charset=klingon` }, body }, 415]);
  return requests.map(([label, request, status]) => [label, { ...request, path: `/${name}` }, status]);
}

let d;
beforeAll(async () => {
  d = await startPair(build);
});
afterAll(() => d?.close());

describe.each(Object.entries(parsers))("%s()", (name, parser) => {
  test.each(requestsFor(name, parser))("the store survives: %s", async (label, request, status) => {
    const message = { ...request, headers: { ...request.headers, "x-id": `${name} ${label}` } };
    const [expected, actual] = await d.both({ method: "POST", ...message });
    expect(expected.status).toBe(status);
    expect(JSON.parse(expected.text).store).toEqual({ id: `${name} ${label}` });
    expect(comparable(actual)).toEqual(comparable(expected));
  });

  test("the store survives an aborted upload (request.aborted)", async () => {
    const id = `${name} aborted`;
    // Announces 100 bytes, sends 3, then drops the connection.
    const upload = { path: `/${name}`, headers: { "content-type": parser.type, "content-length": 100, "x-id": id } };
    await Promise.all([d.express, d.lib].map((side) => abortUpload(side, upload)));
    const seenBy = (factory) => errorsSeen.get(factory).find((entry) => entry.id === id);
    // Either side hears the abort when its socket closes: on a loaded machine, past waitFor's default 1 s
    // (5 s were seen to fall short in CI).
    await vi.waitFor(
      () => {
        expect(seenBy(express)).toBeDefined();
        expect(seenBy(Server)).toBeDefined();
      },
      { timeout: 15_000 },
    );
    expect(seenBy(express)).toEqual({ id, store: { id }, type: "request.aborted" });
    expect(seenBy(Server)).toEqual(seenBy(express));
  });
});
