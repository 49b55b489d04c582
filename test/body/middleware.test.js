import http from "node:http";
import { PassThrough, Readable, getDefaultHighWaterMark } from "node:stream";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { json, raw, text, urlencoded } from "../../src/body/index.js";
import { start, request, abortUpload } from "../helpers/server.js";

// Behaviour of the parsers on plain node:http, beyond what the differential
// tests can observe: prototypes, draining, aborted uploads, skipping.

function runParsers(parsers, req, res, done) {
  let index = 0;
  const next = (err) => {
    if (err || index === parsers.length) done(err);
    else parsers[index++](req, res, next);
  };
  next();
}

describe("prototype safety", () => {
  const jsonParser = json();
  const simpleForm = urlencoded();
  const extendedForm = urlencoded({ extended: true });
  let server;
  let seen;

  beforeAll(async () => {
    server = await start((req, res) => {
      const parser = req.url === "/json" ? jsonParser : req.url === "/simple" ? simpleForm : extendedForm;
      parser(req, res, (err) => {
        seen = req.body;
        res.statusCode = err ? err.status : 200;
        res.end();
      });
    });
  });
  afterAll(() => server.close());

  const post = (path, type, body) =>
    request(server.port, { method: "POST", path, headers: { "content-type": type }, body });

  test("JSON __proto__ stays an own data property", async () => {
    expect(
      (
        await post(
          "/json",
          "application/json",
          '{"__proto__":{"polluted":"yes"},"nested":{"__proto__":{"polluted":"yes"}}}',
        )
      ).status,
    ).toBe(200);
    expect(Object.getPrototypeOf(seen)).toBe(Object.prototype);
    expect(Object.hasOwn(seen, "__proto__")).toBe(true);
    expect(seen.polluted).toBeUndefined();
    expect(Object.getPrototypeOf(seen.nested)).toBe(Object.prototype);
    expect(seen.nested.polluted).toBeUndefined();
  });

  test("JSON constructor.prototype does not reach Object.prototype", async () => {
    await post("/json", "application/json", '{"constructor":{"prototype":{"polluted":"yes"}}}');
    expect(seen.constructor.prototype.polluted).toBe("yes");
    expect({}.polluted).toBeUndefined();
  });

  test.each([
    ["/simple", "__proto__[polluted]=yes&__proto__=x&constructor[prototype][polluted]=yes"],
    [
      "/extended",
      "__proto__[polluted]=yes&__proto__=x&a[__proto__][polluted]=yes&constructor[prototype][polluted]=yes",
    ],
  ])("urlencoded %s ignores __proto__ and keeps constructor keys own", async (path, body) => {
    expect((await post(path, "application/x-www-form-urlencoded", body)).status).toBe(200);
    expect(Object.getPrototypeOf(seen)).toBe(Object.prototype);
    expect(seen.polluted).toBeUndefined();
    expect(Object.hasOwn(seen, "__proto__")).toBe(false);
    if (seen.a) expect(Object.getPrototypeOf(seen.a)).toBe(Object.prototype);
    expect({}.polluted).toBeUndefined();
    expect(Object.prototype.polluted).toBeUndefined();
  });
});

describe("on plain node:http", () => {
  let server;
  let lastError;
  let errorSeen;

  beforeAll(async () => {
    const parsers = {
      "/json": [json({ limit: "1kb" })],
      "/chain": [json(), text({ type: "*/*" }), raw({ type: "*/*" })],
      "/marked": [(req, res, next) => ((req._body = true), next()), json()],
    };
    server = await start((req, res) => {
      runParsers(parsers[req.url], req, res, (err) => {
        lastError = err;
        errorSeen?.(err);
        res.statusCode = err ? err.status : 200;
        res.end(JSON.stringify({ body: req.body, hasBodyKey: "body" in req, type: err?.type }));
      });
    });
  });
  afterAll(() => server.close());

  test("a request without a body gets req.body = undefined as an own key", async () => {
    const res = await request(server.port, {
      method: "GET",
      path: "/json",
      headers: { "content-type": "application/json" },
    });
    expect(JSON.parse(res.text)).toEqual({ hasBodyKey: true });
  });

  test("once a parser consumed the body the next ones skip", async () => {
    const res = await request(server.port, {
      method: "POST",
      path: "/chain",
      headers: { "content-type": "application/json" },
      body: '{"a":1}',
    });
    expect(JSON.parse(res.text).body).toEqual({ a: 1 });
  });

  test("req._body === true skips parsing", async () => {
    const res = await request(server.port, {
      method: "POST",
      path: "/marked",
      headers: { "content-type": "application/json" },
      body: '{"a":1}',
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).body).toBeUndefined();
  });

  test.each([
    ["with Content-Length", "x".repeat(200_000)],
    ["chunked", Array.from({ length: 20 }, () => "x".repeat(10_000))],
    [
      "gzip bomb",
      Buffer.concat(Array(8).fill(zlib.gzipSync(Buffer.alloc(16 * 1024 * 1024)))),
      { "content-encoding": "gzip" },
    ],
  ])(
    "after a 413 (%s) the next request is served, on the same connection unless the 413 closed it",
    async (_, oversized, headers) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const first = await postJson(server.port, agent, oversized, headers);
        expect(first.status).toBe(413);
        const second = await postJson(server.port, agent, '{"again":true}');
        expect(second.status).toBe(200);
        // a body still arriving is left unread, its connection closed (limits.test.js)
        expect(second.reusedSocket).toBe(first.headers.connection !== "close");
        expect(JSON.parse(second.text).body).toEqual({ again: true });
      } finally {
        agent.destroy();
      }
    },
  );

  test("an upload cut short reaches next() as request.aborted", async () => {
    const reported = new Promise((resolve) => (errorSeen = resolve));
    abortUpload(server, {
      path: "/json",
      headers: { "content-type": "application/json", "content-length": 500 },
      sent: '{"partial":',
      after: 50,
    });
    const err = await reported;
    errorSeen = undefined;
    expect(err).toMatchObject({ status: 400, type: "request.aborted", code: "ECONNABORTED" });
    expect(lastError).toBe(err);
  });
});

describe("on a stream that is not an http request", () => {
  // a stand-in for req: any readable with headers
  const fakeRequest = (headers, source) => Object.assign(source, { headers });

  test("a gzip bomb is abandoned after inflating just past the limit", async () => {
    // gzip members can be concatenated: 64 × 16 MB of zeros in ~1 MB, several times what
    // the streams' buffers hold (below), so that reading it all would show
    const bomb = Buffer.concat(Array(64).fill(zlib.gzipSync(Buffer.alloc(16 * 1024 * 1024))));
    expect(bomb.length).toBeGreaterThan(4 * getDefaultHighWaterMark(false));
    let offset = 0;
    const source = new Readable({
      read() {
        this.push(offset < bomb.length ? bomb.subarray(offset, (offset += 1024)) : null);
      },
    });
    const req = fakeRequest(
      { "content-type": "application/json", "content-encoding": "gzip", "transfer-encoding": "chunked" },
      source,
    );
    let gunzip; // the decompressor the parser pipes the request into
    const pipe = source.pipe;
    source.pipe = (destination, options) => pipe.call(source, (gunzip = destination), options);
    const err = await new Promise((resolve) => json({ limit: "256kb" })(req, {}, resolve));
    expect(err).toMatchObject({ status: 413, type: "entity.too.large" });
    // a paused gunzip would go on inflating what it was given: it must be gone
    expect(gunzip.destroyed).toBe(true);
    expect(source.listenerCount("data")).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // 256 KB of zeros come from ~256 bytes of gzip; beyond that only the streams'
    // buffers (one highWaterMark in the source, one in gunzip: 16 KB each on Node 20,
    // 64 KB from Node 22) were filled
    expect(offset).toBeLessThan(3 * getDefaultHighWaterMark(false));
  });

  test("parses a PassThrough carrying a body", async () => {
    const req = fakeRequest({ "content-type": "text/plain", "content-length": "5" }, new PassThrough());
    req.end("hello");
    const err = await new Promise((resolve) => text()(req, {}, resolve));
    expect(err).toBeUndefined();
    expect(req.body).toBe("hello");
  });
});

function postJson(port, agent, body, extraHeaders) {
  return request(port, {
    method: "POST",
    path: "/json",
    headers: { "content-type": "application/json", ...extraHeaders },
    body,
    agent,
  });
}
