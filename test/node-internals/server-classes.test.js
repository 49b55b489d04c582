// src/node-internals/server-classes.js on this Node release: an http.Server's request and
// response classes can be read and replaced. Fix the module, not this test.
import { describe, it, expect } from "vitest";
import http from "node:http";
import { serverClasses, setServerClasses } from "../../src/node-internals/server-classes.js";
import { listen, onSupportedLines } from "./helpers.js";

describe("an http.Server's classes", () => {
  it("a server's request/response classes can be read and replaced", async () => {
    let seen;
    const { port, server } = await listen((req, res) => {
      seen = { req: req.constructor, res: res.constructor };
      res.end();
    });
    expect(serverClasses(server)).toEqual({
      IncomingMessage: http.IncomingMessage,
      ServerResponse: http.ServerResponse,
    });
    class MyRequest extends http.IncomingMessage {}
    class MyResponse extends http.ServerResponse {}
    setServerClasses(server, MyRequest, MyResponse);
    await fetch(`http://127.0.0.1:${port}/`);
    expect(seen).toEqual({ req: MyRequest, res: MyResponse });
  });
});

onSupportedLines(() => {
  it("finds Node's own classes on a server", async () => {
    let classes;
    const { port, server } = await listen((req, res) => {
      classes = serverClasses(server);
      res.end();
    });
    await fetch(`http://127.0.0.1:${port}/`);
    expect(classes).toEqual({ IncomingMessage: http.IncomingMessage, ServerResponse: http.ServerResponse });
  });
});
