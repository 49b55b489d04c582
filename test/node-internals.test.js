// What lib-server reads of Node's HTTP internals (src/node-internals.js), checked on this
// Node release: if one of these fails after a Node upgrade, lib-server's adoption of
// http.createServer(app) servers, clientError answers or graceful shutdown would silently
// degrade. Fix src/node-internals.js, not this test.
import { describe, it, expect, afterEach } from "vitest";
import http from "node:http";
import net from "node:net";
import { serverClasses, setServerClasses, responseOnSocket, lastRequestOnSocket, connectionsOf, outHeadersKeyOf } from "../src/node-internals.js";
import { start } from "./helpers/server.js";

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
});
