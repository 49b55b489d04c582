// src/node-internals/connection-close.js on this Node release: how a connection ends after a
// "Connection: close" answer, and how it refuses the requests after it. Fix the module, not
// this test.
import { describe, it, expect } from "vitest";
import { destroySoon, onClosingAnswer, refuseLaterRequests } from "../../src/node-internals/connection-close.js";
import { rawRequest } from "../helpers/server.js";
import { listen, onSupportedLines } from "./helpers.js";

describe("closing a connection", () => {
  it("a connection answered with Connection: close is ended by the socket's destroySoon()", async () => {
    const calls = [];
    const { port } = await listen((req, res) => {
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
    const { port } = await listen((req, res) => {
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
});

onSupportedLines(() => {
  it("ends a closing answer's connection through socket.destroySoon, and gives the connection a parser", async () => {
    const seen = { parser: false, destroySoon: false };
    const { port } = await listen((req, res) => {
      seen.parser = typeof req.socket.parser?.onIncoming === "function";
      onClosingAnswer(req.socket, function () {
        seen.destroySoon = true;
        destroySoon(this);
      });
      res.shouldKeepAlive = false;
      res.end();
    });
    await rawRequest(port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(seen).toEqual({ parser: true, destroySoon: true });
  });
});
