import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import Server from "../../src/index.js";
import { comparable } from "../helpers/compare.js";
import { startPair, abortUpload } from "../helpers/server.js";

// The errors the parsers pass to next() are the ones body-parser makes with
// http-errors: the status's named class (PayloadTooLargeError...), status,
// statusCode and expose inherited from it, `message` and the extra fields
// (type, limit, length...) as own enumerable properties; errors from
// elsewhere (JSON.parse, zlib, verify) keep their name and gain own
// status/statusCode/expose. Error handlers that res.json(err) or log
// err.name see the same thing on both.

const describeError = (err) => ({
  isError: err instanceof Error,
  name: err.name,
  constructor: err.constructor.name,
  string: String(err),
  stackHead: err.stack.split("\n")[0],
  tag: Object.prototype.toString.call(err),
  status: err.status,
  statusCode: err.statusCode,
  expose: err.expose,
  ownStatus: Object.hasOwn(err, "status"),
  ownKeys: Object.keys(err),
  json: JSON.parse(JSON.stringify(err)),
  ...pick(err, ["type", "limit", "length", "expected", "received", "charset", "encoding", "code"]),
  body: Buffer.isBuffer(err.body) ? `<Buffer ${err.body.length}>` : err.body,
});

const pick = (object, keys) => Object.fromEntries(keys.filter((key) => key in object).map((key) => [key, object[key]]));

function verify(req, res, buf) {
  if (buf.includes("teapot")) throw Object.assign(new Error("short and stout"), { status: 418, expose: false });
  if (buf.includes("reject")) throw new Error("rejected by verify");
}

const errorsSeen = new Map(); // factory → descriptions of the errors nobody could be answered

function build(app, factory) {
  const seen = [];
  errorsSeen.set(factory, seen);
  const ok = (req, res) => res.json(req.body ?? null);
  app.post("/json", factory.json({ limit: "1kb" }), ok);
  app.post("/verify", factory.json({ verify }), ok);
  app.post("/upper", factory.json({ defaultCharset: "UTF-8" }), ok);
  app.post("/form", factory.urlencoded({ extended: true, parameterLimit: 2, depth: 1 }), ok);
  app.post("/text", factory.text({ limit: 8 }), ok);
  app.post("/text-verify", factory.text({ verify }), ok);
  app.post("/raw", factory.raw({ inflate: false }), ok);
  app.post("/encoded", (req, res, next) => (req.setEncoding("utf8"), next()), factory.text(), ok);
  app.use((err, req, res, next) => {
    const description = describeError(err);
    seen.push({ id: req.headers["x-id"], ...description });
    res.status(err.status || 500).json(description);
  });
}

const JSON_TYPE = { "content-type": "application/json" };
const FORM_TYPE = { "content-type": "application/x-www-form-urlencoded" };
const TEXT_TYPE = { "content-type": "text/plain" };
const KLINGON = { "content-type": "text/plain; charset=klingon" }; // a charset iconv does not know
const KLINGON_COMPRESSED = { ...KLINGON, "content-encoding": "compress" };

// [name, request, status]
const requests = [
  ["400 entity.parse.failed (SyntaxError)", { path: "/json", headers: JSON_TYPE, body: "{bad" }, 400],
  ["400 entity.parse.failed (strict)", { path: "/json", headers: JSON_TYPE, body: '"string"' }, 400],
  ["413 entity.too.large (Content-Length)", { path: "/json", headers: JSON_TYPE, body: "x".repeat(2000) }, 413],
  [
    "413 entity.too.large (chunked)",
    { path: "/json", headers: JSON_TYPE, body: ["x".repeat(600), "x".repeat(600)] },
    413,
  ],
  [
    "413 entity.too.large (inflated)",
    { path: "/json", headers: { ...JSON_TYPE, "content-encoding": "gzip" }, body: zlib.gzipSync(" ".repeat(5000)) },
    413,
  ],
  [
    "415 charset.unsupported (invalid for JSON)",
    { path: "/json", headers: { "content-type": "application/json; charset=latin1" }, body: "{}" },
    415,
  ],
  [
    "415 charset.unsupported (unknown)",
    { path: "/text", headers: { "content-type": "text/plain; charset=klingon" }, body: "hi" },
    415,
  ],
  // An unknown charset is raw-body's to find, when it makes its decoder: after the
  // Content-Encoding and declared length checks; the body is then read off, whatever its size.
  [
    "415 encoding.unsupported before an unknown charset",
    { path: "/text", headers: KLINGON_COMPRESSED, body: "hi" },
    415,
  ],
  [
    "413 entity.too.large before an unknown charset (Content-Length)",
    { path: "/text", headers: KLINGON, body: "123456789" },
    413,
  ],
  [
    "415 charset.unsupported (unknown, chunked body over the limit)",
    { path: "/text", headers: KLINGON, body: ["12345", "67890"] },
    415,
  ],
  [
    "415 charset.unsupported (unknown, with verify: before Content-Encoding)",
    { path: "/text-verify", headers: KLINGON_COMPRESSED, body: "hi" },
    415,
  ],
  [
    "415 charset.unsupported (form)",
    { path: "/form", headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-16" }, body: "a=1" },
    415,
  ],
  [
    "415 charset.unsupported (upper-case default charset, kept as given)",
    { path: "/upper", headers: JSON_TYPE, body: "{}" },
    415,
  ],
  [
    "415 encoding.unsupported (unknown)",
    { path: "/json", headers: { ...JSON_TYPE, "content-encoding": "compress" }, body: "{}" },
    415,
  ],
  [
    "415 encoding.unsupported (inflate: false)",
    {
      path: "/raw",
      headers: { "content-type": "application/octet-stream", "content-encoding": "gzip" },
      body: zlib.gzipSync("x"),
    },
    415,
  ],
  ["400 zlib error", { path: "/json", headers: { ...JSON_TYPE, "content-encoding": "gzip" }, body: "not gzip" }, 400],
  ["403 entity.verify.failed", { path: "/verify", headers: JSON_TYPE, body: '{"a":"reject"}' }, 403],
  ["418 from verify, keeps its status", { path: "/verify", headers: JSON_TYPE, body: '{"a":"teapot"}' }, 418],
  ["413 parameters.too.many", { path: "/form", headers: FORM_TYPE, body: "a=1&b=2&c=3" }, 413],
  ["400 querystring.parse.rangeError", { path: "/form", headers: FORM_TYPE, body: "a[b][c]=1" }, 400],
  ["413 text over a numeric limit", { path: "/text", headers: TEXT_TYPE, body: "123456789" }, 413],
  ["500 stream.encoding.set", { path: "/encoded", headers: TEXT_TYPE, body: "hi" }, 500],
];

let d;
beforeAll(async () => {
  d = await startPair(build);
});
afterAll(() => d?.close());

describe("errors passed to the error handler", () => {
  test.each(requests)("%s", async (name, request, status) => {
    const [expected, actual] = await d.both({ method: "POST", ...request });
    expect(expected.status).toBe(status);
    expect(JSON.parse(expected.text).isError).toBe(true);
    expect(comparable(actual)).toEqual(comparable(expected));
    expect(JSON.parse(actual.text)).toEqual(JSON.parse(expected.text));
  });

  test("400 request.aborted (BadRequestError, code ECONNABORTED)", async () => {
    const id = "aborted";
    // Announces 100 bytes of JSON, sends 3, then drops the connection.
    const upload = { path: "/json", headers: { ...JSON_TYPE, "content-length": 100, "x-id": id } };
    await Promise.all([d.express, d.lib].map((side) => abortUpload(side, upload)));
    const seenBy = (factory) => errorsSeen.get(factory).find((entry) => entry.id === id);
    // Either side hears the abort when its socket closes: on a loaded machine, past waitFor's default 1 s.
    await vi.waitFor(
      () => {
        expect(seenBy(express)).toBeDefined();
        expect(seenBy(Server)).toBeDefined();
      },
      { timeout: 15_000 },
    );
    expect(seenBy(express)).toMatchObject({
      name: "BadRequestError",
      type: "request.aborted",
      received: 3,
      expected: 100,
    });
    expect(seenBy(Server)).toEqual(seenBy(express));
  });
});
