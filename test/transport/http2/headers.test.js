// No header an app sets ends the process over HTTP/2 (src/transport/http2/fields.js, response.js and the
// final handler), and a body that does not match its Content-Length ends its own stream only
// (src/transport/http2/content-length.js). Each case is served by `listen({ http2: true })` over h2c and
// TLS and by `http2.createServer(app)`, and asked on a session of its own: its answer (status,
// the fields that arrived, or a reset of that stream), then a request that must still succeed
// on the same session. Over HTTP/1.1 the same routes still send what the app set.
import http2 from "node:http2";
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import Server from "../../../src/index.js";
import { DROPPED, SINGLE_VALUE } from "../../../src/transport/http2/fields.js";
import { TRANSPORTS, serveBoth } from "./clients.js";

const { NGHTTP2_CANCEL, NGHTTP2_INTERNAL_ERROR } = http2.constants;
const unprintable = {
  toString() {
    throw new Error("no string");
  },
};

// [path, route, what HTTP/2 answers: { status, headers, trailers } or { reset }]
const CASES = [
  [
    "/te",
    (req, res) => res.set("TE", "gzip").set("X-Kept", "1").send("te"),
    { status: 200, headers: { te: undefined, "x-kept": "1" } },
  ],
  [
    "/http2-settings",
    (req, res) => res.set("HTTP2-Settings", "AAMAAABkAAQAoAAAAAIAAAAA").send("x"),
    { status: 200, headers: { "http2-settings": undefined } },
  ],
  [
    "/writehead-object",
    (req, res) => res.writeHead(200, { TE: "trailers", "Transfer-Encoding": "chunked", "X-Kept": "1" }).end("x"),
    { status: 200, headers: { te: undefined, "transfer-encoding": undefined, "x-kept": "1" } },
  ],
  [
    "/writehead-flat",
    (req, res) => res.writeHead(201, ["Location", "/a", "Location", "/b", "TE", "gzip"]).end(),
    { status: 201, headers: { location: "/a", te: undefined } },
  ],
  [
    "/writehead-pairs",
    (req, res) =>
      res
        .writeHead(202, [
          ["ETag", '"a"'],
          ["ETag", '"b"'],
          ["HTTP2-Settings", "x"],
        ])
        .end(),
    { status: 202, headers: { etag: '"a"', "http2-settings": undefined } },
  ],
  [
    "/append",
    (req, res) => res.append("Location", "/a").append("Location", "/b").send("x"),
    { status: 200, headers: { location: "/a" } },
  ],
  [
    "/append-header",
    (req, res) =>
      res
        .appendHeader("Content-Language", "en")
        .appendHeader("Content-Language", "fr")
        .appendHeader("Vary", "a")
        .appendHeader("Vary", "b")
        .end("x"),
    { status: 200, headers: { "content-language": "en", vary: "a, b" } },
  ],
  [
    "/set-array",
    (req, res) => res.setHeader("ETag", ['"a"', '"b"']).end("x"),
    { status: 200, headers: { etag: '"a"' } },
  ],
  [
    "/trailers",
    (req, res) => {
      res.addTrailers({ Connection: "close", TE: "gzip", ETag: ['"a"', '"b"'], "X-Trailer": "1" });
      res.end("x");
    },
    { status: 200, trailers: { connection: undefined, te: undefined, etag: '"a"', "x-trailer": "1" } },
  ],
  // Refused when set, as over HTTP/1.1 (Node's http2 would throw only when sending it)
  [
    "/pseudo",
    (req, res) => res.setHeader(":protocol", "websocket").end("x"),
    { status: 500, headers: { ":protocol": undefined } },
  ],
  // Node's http2 reads the value only as it sends it: the error page cannot go out either
  ["/unprintable", (req, res) => res.setHeader("X-Odd", unprintable).end("x"), { reset: NGHTTP2_INTERNAL_ERROR }],
  ["/short", (req, res) => res.set("Content-Length", "5").end("hello world"), { reset: NGHTTP2_INTERNAL_ERROR }],
  ["/long", (req, res) => res.set("Content-Length", "50").end("hello world"), { reset: NGHTTP2_INTERNAL_ERROR }],
  [
    "/writehead-length",
    (req, res) => {
      res.writeHead(200, { "Content-Length": 5 });
      res.write("hel");
      res.write("lo world");
      res.end();
    },
    { reset: NGHTTP2_INTERNAL_ERROR },
  ],
  [
    "/length-kept",
    (req, res) => {
      res.set("Content-Length", "11");
      res.write("hello ");
      res.end("world");
    },
    { status: 200, headers: { "content-length": "11" }, text: "hello world" },
  ],
];

function build(app) {
  app.set("env", "test"); // the errors the cases cause are expected: not printed
  for (const [path, route] of CASES) app.get(path, route);
  app.get("/ok", (req, res) => res.send("ok"));
}

/** One request on `session`: { status, headers, trailers, text, reset (the stream's RST code, 0 for none) }. */
function exchange(session, path, method = "GET") {
  return new Promise((resolve) => {
    const stream = session.request({ ":method": method, ":path": path });
    stream.setTimeout(2000, () => stream.close(NGHTTP2_CANCEL)); // no answer: fails as a CANCEL
    const answer = { status: undefined, headers: {}, trailers: {}, text: "" };
    stream.on("response", ({ ":status": status, ...headers }) => Object.assign(answer, { status, headers }));
    stream.on("trailers", (trailers) => (answer.trailers = trailers));
    stream.on("data", (chunk) => (answer.text += chunk));
    stream.on("error", () => {}); // a reset: its code is the answer
    stream.on("close", () => resolve({ ...answer, reset: stream.rstCode }));
  });
}

/** The fields of `received` that `expected` names (undefined: must not have arrived). */
const picked = (received, expected = {}) =>
  Object.fromEntries(Object.keys(expected).map((name) => [name, received[name]]));

const SERVERS = {
  ...Object.fromEntries(TRANSPORTS.map((transport) => [transport, () => serveBoth(build, transport)])),
  "http2.createServer(app)": async () => {
    const app = new Server();
    build(app);
    const server = http2.createServer(app);
    await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
    return {
      base: `http://127.0.0.1:${server.address().port}`,
      close: () => new Promise((resolve) => server.close(resolve)),
    };
  },
};

describe.each(Object.keys(SERVERS))("over %s", (kind) => {
  let served;
  beforeAll(async () => (served = await SERVERS[kind]()));
  afterAll(() => served?.close());

  // Each case on a session of its own, which must serve on after it.
  async function onOneSession(exchanges) {
    const session = http2.connect(served.base, { rejectUnauthorized: false });
    session.on("error", () => {}); // fails the next request
    try {
      return await exchanges(session);
    } finally {
      session.close();
    }
  }

  test.each(CASES)("%s: a defined answer, and the session serves on", async (path, route, expected) => {
    const [answer, next, destroyed] = await onOneSession(async (session) => [
      await exchange(session, path),
      await exchange(session, "/ok"),
      session.destroyed,
    ]);
    if (expected.reset) {
      expect(answer.reset).toBe(expected.reset);
    } else {
      expect(answer.reset).toBe(0);
      expect(answer.status).toBe(expected.status);
      expect(picked(answer.headers, expected.headers)).toEqual(expected.headers ?? {});
      expect(picked(answer.trailers, expected.trailers)).toEqual(expected.trailers ?? {});
      if (expected.text !== undefined) expect(answer.text).toBe(expected.text);
    }
    expect({ status: next.status, text: next.text, reset: next.reset, destroyed }).toEqual({
      status: 200,
      text: "ok",
      reset: 0,
      destroyed: false,
    });
  });

  test("a HEAD answer keeps a Content-Length its GET body would not match", async () => {
    const answer = await onOneSession((session) => exchange(session, "/long", "HEAD"));
    expect({ status: answer.status, length: answer.headers["content-length"], reset: answer.reset }).toEqual({
      status: 200,
      length: "50",
      reset: 0,
    });
  });
});

const NODE_20 = process.versions.node.startsWith("20.");

describe("over HTTP/1.1, what the app set is sent as it is", () => {
  let served;
  beforeAll(async () => (served = await serveBoth(build, "h2c")));
  afterAll(() => served?.close());

  // The fields as they arrived, repeated ones included (rawHeaders).
  const rawFields = async (path) => {
    let raw;
    const answer = await served.h1(path, (res) => (raw = res.rawHeaders));
    const fields = [];
    for (let i = 0; i < raw.length; i += 2) fields.push(`${raw[i].toLowerCase()}: ${raw[i + 1]}`);
    return { status: answer.status, fields };
  };

  test.each([
    ["/te", 200, ["te: gzip"]],
    ["/http2-settings", 200, ["http2-settings: AAMAAABkAAQAoAAAAAIAAAAA"]],
    // Node 20 sets a flat array's fields one by one over the headers a response already stores
    // (every one of lib-server's, as every one of Express's), keeping the last of a name;
    // Node 22 and later append them.
    ["/writehead-flat", 201, NODE_20 ? ["location: /b", "te: gzip"] : ["location: /a", "location: /b", "te: gzip"]],
    ["/append", 200, ["location: /a", "location: /b"]],
    ["/set-array", 200, ['etag: "a"', 'etag: "b"']],
    ["/pseudo", 500, []],
    ["/unprintable", 500, []],
  ])("%s", async (path, status, fields) => {
    const answer = await rawFields(path);
    expect(answer.status).toBe(status);
    expect(answer.fields).toEqual(expect.arrayContaining(fields));
  });
});

// fields.js copies Node's lists: every field Node's http2 refuses in a response, given once or
// twice, must be one it drops or sends once.
test("the fields dropped or sent once are those Node's http2 refuses", () => {
  const script = `
    // Node 22+ names it buildNgHeaderString; Node 20, mapToHeaders.
    const util = require("internal/http2/util");
    const buildNgHeaderString = util.buildNgHeaderString ?? util.mapToHeaders;
    const { assertValidPseudoHeaderResponse } = util;
    const names = Object.entries(require("node:http2").constants)
      .filter(([constant, name]) => constant.startsWith("HTTP2_HEADER_") && !name.startsWith(":"))
      .map(([, name]) => name);
    const refused = (headers) => {
      try {
        buildNgHeaderString(headers, assertValidPseudoHeaderResponse, true);
        return undefined;
      } catch (error) {
        return error.code;
      }
    };
    const codes = {};
    for (const name of [...names, "te", "http2-settings"]) codes[name] = refused({ [name]: "gzip" }) ?? refused({ [name]: ["a", "b"] });
    console.log(JSON.stringify(codes));
  `;
  const codes = JSON.parse(execFileSync(process.execPath, ["--expose-internals", "-e", script], { encoding: "utf8" }));
  const named = (code) => Object.keys(codes).filter((name) => codes[name] === code);
  expect(named("ERR_HTTP2_INVALID_CONNECTION_HEADERS").sort()).toEqual([...DROPPED].sort());
  expect(named("ERR_HTTP2_HEADER_SINGLE_VALUE").sort()).toEqual([...SINGLE_VALUE].sort());
});
