// What lib-server reads of Node's HTTP internals (src/node-internals.js), checked on this
// Node release: if one of these fails after a Node upgrade, lib-server's adoption of
// http.createServer(app) servers, clientError answers or graceful shutdown would silently
// degrade. Fix src/node-internals.js, not this test.
import { describe, it, expect, afterEach } from "vitest";
import http from "node:http";
import net from "node:net";
import tls from "node:tls";
import { execFileSync } from "node:child_process";
import {
  serverClasses,
  setServerClasses,
  responseOnSocket,
  lastRequestOnSocket,
  connectionsOf,
  idleConnectionsOf,
  onClosingAnswer,
  destroySoon,
  refuseLaterRequests,
  outHeadersKeyOf,
  headerChangesObserved,
  headerOf,
  removeHeaders,
  setValidHeader,
  transportOf,
} from "../src/node-internals.js";
import { CONTENT_LENGTH, CONTENT_TYPE, ETAG, TRANSFER_ENCODING, X_CONTENT_TYPE_OPTIONS } from "../src/headers.js";
import { rawRequest } from "./helpers/server.js";
import { testCertificate } from "./helpers/http2.js";
import { start } from "./helpers/server.js";

const nodeMajor = Number(process.versions.node.split(".")[0]);

let started;
let server;
afterEach(() => started?.close());

async function listen(handler) {
  started = await start(handler);
  server = started.server;
  return started.port;
}

describe("Node internals lib-server relies on", () => {
  it("a server's request/response classes can be read and replaced", async () => {
    let seen;
    const port = await listen((req, res) => {
      seen = { req: req.constructor, res: res.constructor };
      res.end();
    });
    expect(serverClasses(server)).toEqual({ IncomingMessage: http.IncomingMessage, ServerResponse: http.ServerResponse });
    class MyRequest extends http.IncomingMessage {}
    class MyResponse extends http.ServerResponse {}
    setServerClasses(server, MyRequest, MyResponse);
    await fetch(`http://127.0.0.1:${port}/`);
    expect(seen).toEqual({ req: MyRequest, res: MyResponse });
  });

  it("a connection tells the response being written and the last request read", async () => {
    let seen;
    const port = await listen((req, res) => {
      seen = { onSocket: responseOnSocket(req.socket) === res, last: lastRequestOnSocket(req.socket) === req };
      res.end();
    });
    await fetch(`http://127.0.0.1:${port}/`);
    expect(seen).toEqual({ onSocket: true, last: true });
  });

  it("a server lists its open connections, idle ones included", async () => {
    const port = await listen((req, res) => res.end());
    const socket = net.connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const connections = connectionsOf(server);
    socket.destroy();
    expect(connections).toHaveLength(1);
    expect(connections[0]).toBeInstanceOf(net.Socket);
    expect(responseOnSocket(connections[0])).toBeNull();
  });

  it("a response keeps its headers as [name, value] by lower-cased name under kOutHeaders", async () => {
    let seen;
    const port = await listen((req, res) => {
      const outHeadersKey = outHeadersKeyOf(res);
      res.setHeader("Content-Type", "text/plain");
      res[outHeadersKey]["x-direct"] = ["X-Direct", 7];
      seen = { key: typeof outHeadersKey, stored: res[outHeadersKey]["content-type"], read: res.getHeader("x-direct"), names: res.getHeaderNames() };
      res.end("ok");
    });
    const res = await fetch(`http://127.0.0.1:${port}/`);
    expect(seen).toEqual({ key: "symbol", stored: ["Content-Type", "text/plain"], read: 7, names: ["content-type", "x-direct"] });
    expect(res.headers.get("x-direct")).toBe("7");
  });

  it("setValidHeader stores a header as setHeader does, and headerOf reads it as getHeader", async () => {
    let seen;
    const port = await listen((req, res) => {
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
    const port = await listen((req, res) => {
      setValidHeader(res, X_CONTENT_TYPE_OPTIONS, "nosniff");
      setValidHeader(res, CONTENT_TYPE, "text/plain");
      res.setHeader("X-Last", "2");
      setValidHeader(res, CONTENT_LENGTH, "5");
      const before = res[outHeadersKeyOf(res)];
      removeHeaders(res, DROPPED);
      seen = { rebuilt: res[outHeadersKeyOf(res)] !== before, names: res.getHeaderNames(), last: res.getHeader("x-last") };
      res.statusCode = 304;
      res.end();
    });
    const { text } = await rawRequest(port, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(seen).toEqual({ rebuilt: true, names: ["x-content-type-options", "x-last"], last: "2" });
    expect(text).toMatch(/^HTTP\/1\.1 304 Not Modified\r\nX-Content-Type-Options: nosniff\r\nX-Last: 2\r\nDate: /);
  });

  it("a connection answered with Connection: close is ended by the socket's destroySoon()", async () => {
    const calls = [];
    const port = await listen((req, res) => {
      onClosingAnswer(req.socket, function () {
        calls.push(this === req.socket);
        destroySoon(this);
      });
      res.shouldKeepAlive = false;
      res.end("bye");
    });
    const { text, closed } = await rawRequest(port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*Connection: close[^]*bye$/);
    expect(closed).toBe(true);
    expect(calls).toEqual([true]);
  });

  it("a connection can refuse the requests that follow: the next one ends it unanswered", async () => {
    const seen = [];
    const port = await listen((req, res) => {
      seen.push(req.url);
      refuseLaterRequests(req.socket);
      res.end("first");
    });
    const pipelined = "GET /first HTTP/1.1\r\nHost: x\r\n\r\nGET /second HTTP/1.1\r\nHost: x\r\n\r\n";
    const { text, closed } = await rawRequest(port, pipelined);
    expect(seen).toEqual(["/first"]);
    expect(closed).toBe(true);
    expect(text).not.toContain("/second");
  });

  it("a server's TLS socket tells the TCP socket it runs on, which its destruction closes", async () => {
    const tlsServer = tls.createServer(testCertificate());
    const raw = new Promise((resolve) => tlsServer.once("connection", resolve));
    const secured = new Promise((resolve) => tlsServer.once("secureConnection", resolve));
    await new Promise((resolve) => tlsServer.listen(0, "127.0.0.1", resolve));
    const client = tls.connect({ port: tlsServer.address().port, host: "127.0.0.1", rejectUnauthorized: false });
    client.on("error", () => {});
    try {
      const [transport, socket] = await Promise.all([raw, secured]);
      expect(transportOf(socket)).toBe(transport);
      const socketClosed = new Promise((resolve) => socket.once("close", resolve));
      transport.destroy();
      await socketClosed;
      expect(socket.destroyed).toBe(true);
    } finally {
      client.destroy();
      tlsServer.close();
    }
  });
});

// Each fast path above has a fallback for a Node release that no longer has what it reads,
// and a fallback passes every behaviour test: it is only slower (or, for the connection
// lists, a graceful close that waits for the deadline). On the lines lib-server supports
// (22, 24 and 26: test:node-versions runs this on each) every one must be the fast path.
describe.runIf(nodeMajor >= 22)(`on Node ${process.version} no fast path falls back`, () => {
  it("every detection reports the fast path", async () => {
    let socket;
    const seen = {};
    const port = await listen((req, res) => {
      if (req.url === "/close") {
        onClosingAnswer(req.socket, function () {
          seen["closing answer ends through socket.destroySoon (onClosingAnswer)"] = true;
          destroySoon(this);
        });
        res.shouldKeepAlive = false;
        return res.end();
      }
      socket = req.socket;
      const classes = serverClasses(server);
      seen["server classes found (serverClasses, setServerClasses)"] =
        classes.IncomingMessage === http.IncomingMessage && classes.ServerResponse === http.ServerResponse;
      seen["direct header storage (outHeadersKeyOf: kOutHeaders)"] = typeof outHeadersKeyOf(res) === "symbol";
      seen["headers read and written directly (headerOf, setValidHeader, removeHeaders)"] = !headerChangesObserved(res);
      seen["connection parser to refuse later requests on (refuseLaterRequests)"] = typeof req.socket.parser?.onIncoming === "function";
      seen["request on its connection (lastRequestOnSocket)"] = lastRequestOnSocket(req.socket) === req;
      seen["response on its connection (responseOnSocket)"] = responseOnSocket(req.socket) === res;
      res.end("ok");
    });
    await (await fetch(`http://127.0.0.1:${port}/`)).text(); // a keep-alive connection, now idle
    seen["open connections listed (connectionsOf)"] = connectionsOf(server).includes(socket);
    seen["idle connections listed (idleConnectionsOf)"] = idleConnectionsOf(server).includes(socket);
    await rawRequest(port, "GET /close HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(Object.keys(seen)).toHaveLength(9);
    expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((name) => [name, true])));
  });
});

// Node 24 settles whether AsyncLocalStorage runs on AsyncContextFrame the first time anyone
// asks, and then changes its internal AsyncContextFrame class (its prototype on Node 24,
// own properties on 26), by default when the first connection closes: process.nextTick's
// optimized code, which loads from that class, had seen the old shape and stayed
// polymorphic. Importing lib-server settles it first. (Node 20 has no such class.)
describe.runIf(nodeMajor >= 22)("AsyncContextFrame", () => {
  it("is settled once lib-server is imported: asking for AsyncLocalStorage later changes nothing", () => {
    const script = `
      const { default: frameClass } = await import("internal/async_context_frame");
      const shape = () => [Object.getPrototypeOf(frameClass).name, ...Reflect.ownKeys(frameClass)].join();
      const before = shape();
      await import(${JSON.stringify(new URL("../src/index.js", import.meta.url).href)});
      const imported = shape();
      void process.getBuiltinModule("node:async_hooks").AsyncLocalStorage;
      console.log(JSON.stringify({ before, imported, asked: shape() }));
    `;
    const output = execFileSync(process.execPath, ["--expose-internals", "--input-type=module", "-e", script], { encoding: "utf8" });
    const { before, imported, asked } = JSON.parse(output);
    expect(asked).toBe(imported);
    // On the lines where it is on by default, the import is what settled it.
    if (nodeMajor >= 24) expect(imported).not.toBe(before);
  });
});
