// src/node-internals/header-storage.js on this Node release: a response's headers read and
// written where Node's setHeader/getHeader keep them. Fix the module, not this test.
import { describe, it, expect } from "vitest";
import http from "node:http";
import {
  headerChangesObserved,
  headerOf,
  outHeadersKeyOf,
  removeHeaders,
  setHeader,
  setValidHeader,
  startHeaderStorage,
} from "../../src/node-internals/header-storage.js";
import { CONTENT_LENGTH, CONTENT_TYPE, ETAG, TRANSFER_ENCODING, X_CONTENT_TYPE_OPTIONS } from "../../src/headers.js";
import { rawRequest } from "../helpers/server.js";
import { listen, onSupportedLines } from "./helpers.js";

describe("Node's HTTP/1.1 header storage", () => {
  it("a response keeps its headers as [name, value] by lower-cased name under kOutHeaders", async () => {
    let seen;
    const { port } = await listen((req, res) => {
      const outHeadersKey = outHeadersKeyOf(res);
      res.setHeader("Content-Type", "text/plain");
      res[outHeadersKey]["x-direct"] = ["X-Direct", 7];
      seen = {
        key: typeof outHeadersKey,
        stored: res[outHeadersKey]["content-type"],
        read: res.getHeader("x-direct"),
        names: res.getHeaderNames(),
      };
      res.end("ok");
    });
    const res = await fetch(`http://127.0.0.1:${port}/`);
    expect(seen).toEqual({
      key: "symbol",
      stored: ["Content-Type", "text/plain"],
      read: 7,
      names: ["content-type", "x-direct"],
    });
    expect(res.headers.get("x-direct")).toBe("7");
  });

  it("setValidHeader stores a header as setHeader does, and headerOf reads it as getHeader", async () => {
    let seen;
    const { port } = await listen((req, res) => {
      setValidHeader(res, CONTENT_TYPE, "text/plain");
      setValidHeader(res, CONTENT_LENGTH, 2);
      seen = {
        stored: res[outHeadersKeyOf(res)]["content-type"],
        type: headerOf(res, CONTENT_TYPE),
        length: res.getHeader("content-length"),
        unset: headerOf(res, ETAG),
      };
      res.setHeader = function (name, value) {
        seen.wrapped = [name, value];
        return http.ServerResponse.prototype.setHeader.call(this, name, value);
      };
      res.getHeader = (name) => `read ${name}`;
      setValidHeader(res, ETAG, '"x"');
      seen.read = headerOf(res, ETAG);
      res.end("ok");
    });
    const res = await fetch(`http://127.0.0.1:${port}/`);
    expect(seen).toEqual({
      stored: ["Content-Type", "text/plain"],
      type: "text/plain",
      length: 2,
      unset: undefined,
      wrapped: ["ETag", '"x"'],
      read: "read ETag",
    });
    expect([res.headers.get("content-type"), res.headers.get("etag")]).toEqual(["text/plain", '"x"']);
  });

  it("removeHeaders rebuilds the storage without the headers, keeping the others in order", async () => {
    const DROPPED = [CONTENT_TYPE, CONTENT_LENGTH, TRANSFER_ENCODING];
    let seen;
    const { port } = await listen((req, res) => {
      setValidHeader(res, X_CONTENT_TYPE_OPTIONS, "nosniff");
      setValidHeader(res, CONTENT_TYPE, "text/plain");
      res.setHeader("X-Last", "2");
      setValidHeader(res, CONTENT_LENGTH, "5");
      const before = res[outHeadersKeyOf(res)];
      removeHeaders(res, DROPPED);
      seen = {
        rebuilt: res[outHeadersKeyOf(res)] !== before,
        names: res.getHeaderNames(),
        last: res.getHeader("x-last"),
      };
      res.statusCode = 304;
      res.end();
    });
    const { text } = await rawRequest(port, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(seen).toEqual({ rebuilt: true, names: ["x-content-type-options", "x-last"], last: "2" });
    expect(text).toMatch(/^HTTP\/1\.1 304 Not Modified\r\nX-Content-Type-Options: nosniff\r\nX-Last: 2\r\nDate: /);
  });
});

onSupportedLines(() => {
  it("finds kOutHeaders, and reads and writes there", async () => {
    const seen = {};
    const { port } = await listen((req, res) => {
      seen.key = typeof outHeadersKeyOf(res);
      seen.direct = !headerChangesObserved(res);
      res.end("ok");
    });
    await (await fetch(`http://127.0.0.1:${port}/`)).text();
    expect(seen).toEqual({ key: "symbol", direct: true });
  });

  it("startHeaderStorage gives a response with Node's header methods an empty storage, once", async () => {
    const seen = {};
    const { port } = await listen((req, res) => {
      const key = outHeadersKeyOf(res);
      seen.before = res[key];
      startHeaderStorage(res);
      const storage = res[key];
      seen.keys = Object.keys(storage);
      seen.inherits = Object.getPrototypeOf(Object.getPrototypeOf(storage));
      res.setHeader("X-A", "1");
      startHeaderStorage(res);
      seen.kept = res[key] === storage && res.getHeader("x-a") === "1";
      const replaced = Object.assign(new http.ServerResponse(req), { setHeader: () => {} });
      startHeaderStorage(replaced);
      seen.replaced = replaced[key];
      res.end("ok");
    });
    await (await fetch(`http://127.0.0.1:${port}/`)).text();
    expect(seen).toEqual({ before: null, keys: [], inherits: null, kept: true, replaced: null });
  });
});

describe("setHeader of lib-server's responses (Node's, with the names it accepted remembered)", () => {
  class Remembering extends http.ServerResponse {}
  Object.defineProperty(Remembering.prototype, "setHeader", { value: setHeader, writable: true, configurable: true });

  // Each call as Node's setHeader answers it: "ok" or the error's class, code and message.
  const outcome = (res, name, value) => {
    try {
      return res.setHeader(name, value) === res ? "ok" : "returned something else";
    } catch (error) {
      return `${error.constructor.name} ${error.code} ${error.message}`;
    }
  };
  const CALLS = [
    ["X-Request-Id", "abc"],
    ["X-Request-Id", "def"],
    ["x-request-id", "lower case, same header"],
    ["Content-Length", 12],
    ["X-Latin", "caf\u00e9\tthe tab and bytes 0x80-0xff pass"],
    ["X-Bad", "a\nb"],
    ["X-Request-Id", "remembered name, bad value\n"],
    ["X-Request-Id", "\u{1F600}"],
    ["X-Request-Id", undefined],
    ["X-Request-Id", Symbol("s")],
    ["X-Request-Id", ["a", "b\r\n"]],
    ["X-Emoji", "\u{1F600}"],
    ["X-Undefined", undefined],
    ["Bad Name", "x"],
    ["", "x"],
    [123, "x"],
    ["X-Symbol", Symbol("s")],
    ["X-Array", ["a", "b"]],
    ["X-Bad-Array", ["a", "b\r\n"]],
    ["X-Object", { toString: () => "o" }],
    ["X-Null", null],
    ["X-Boolean", true],
  ];
  // The same calls on Node's response and lib-server's, twice each: the second pass finds
  // every name the first one had accepted remembered.
  const run = (res) => {
    const answers = [...CALLS, ...CALLS].map(([name, value]) => outcome(res, name, value));
    return { answers, headers: { ...res.getHeaders() }, raw: res.getRawHeaderNames(), has: res.hasHeader("x-array") };
  };

  it("answers every call as Node's does, and stores what it stores", async () => {
    const seen = {};
    const { port } = await listen((req, res) => {
      seen.node = run(new http.ServerResponse(req));
      seen.ours = run(new Remembering(req));
      seen.oursAgain = run(new Remembering(req));
      res.end("ok");
    });
    await (await fetch(`http://127.0.0.1:${port}/`)).text();
    expect(seen.ours).toEqual(seen.node);
    expect(seen.oursAgain).toEqual(seen.node);
    expect(seen.node.answers.filter((answer) => answer === "ok")).toHaveLength(18);
  });

  it("refuses a remembered name once the headers are sent, as Node's", async () => {
    const seen = {};
    const { port } = await listen((req, res) => {
      for (const response of [new http.ServerResponse(req), new Remembering(req)]) {
        response.setHeader("X-Request-Id", "1");
        response.writeHead(200);
        (seen[response instanceof Remembering ? "ours" : "node"] = []).push(outcome(response, "X-Request-Id", "2"));
      }
      res.end("ok");
    });
    await (await fetch(`http://127.0.0.1:${port}/`)).text();
    expect(seen.ours).toEqual(seen.node);
    expect(seen.ours[0]).toMatch(/ERR_HTTP_HEADERS_SENT/);
  });

  it("lets whoever replaced http.ServerResponse's setHeader see every call, remembered names too", async () => {
    const native = http.ServerResponse.prototype.setHeader;
    const seenByPatch = [];
    const { port } = await listen((req, res) => {
      const response = new Remembering(req);
      response.setHeader("X-Request-Id", "before"); // remembered from here on
      http.ServerResponse.prototype.setHeader = function (name, value) {
        seenByPatch.push([name, value]);
        return native.call(this, name, value);
      };
      try {
        response.setHeader("X-Request-Id", "patched");
        setValidHeader(response, CONTENT_TYPE, "text/plain");
        seenByPatch.push(headerChangesObserved(response));
      } finally {
        http.ServerResponse.prototype.setHeader = native;
      }
      seenByPatch.push(headerChangesObserved(response), response.getHeader("x-request-id"));
      res.end("ok");
    });
    await (await fetch(`http://127.0.0.1:${port}/`)).text();
    expect(seenByPatch).toEqual([["X-Request-Id", "patched"], ["Content-Type", "text/plain"], true, false, "patched"]);
  });

  it("remembers a bounded number of names: a thousand names taken from requests all still work", async () => {
    let seen;
    const { port } = await listen((req, res) => {
      const response = new Remembering(req);
      for (let round = 0; round < 2; round++)
        for (let i = 0; i < 1000; i++) response.setHeader(`X-Proxied-${i}`, `${round}`);
      seen = { count: response.getHeaderNames().length, last: response.getHeader("x-proxied-999") };
      res.end("ok");
    });
    await (await fetch(`http://127.0.0.1:${port}/`)).text();
    expect(seen).toEqual({ count: 1000, last: "1" });
  });
});
