// src/transport/apps.js: requests and responses from a server the app did not make (
// http.createServer(app), express-ws's own responses) get the app's classes and methods.
import { describe, it, expect } from "vitest";
import http from "node:http";
import express from "express";
import Server from "../../src/index.js";
import { requestClass, responseClass } from "../../src/transport/classes.js";
import { start } from "../helpers/server.js";

describe("http.createServer(app): the server adopts lib-server's classes", () => {
  const classesSeen = async (server, app, requests = 3) => {
    const started = await start(server);
    const seen = [];
    app.get("/", (req, res) => {
      seen.push([req instanceof requestClass(app), res instanceof responseClass(app)]);
      res.send(req.path);
    });
    try {
      for (let i = 0; i < requests; i++) {
        const res = await fetch(`${started.url}/`);
        expect(await res.text()).toBe("/");
      }
    } finally {
      await started.close();
    }
    return seen;
  };

  it("creates requests and responses of the app's classes after the first request", async () => {
    const app = Server();
    const seen = await classesSeen(http.createServer(app), app);
    expect(seen).toEqual([
      [false, false],
      [true, true],
      [true, true],
    ]);
  });

  it("adopts them behind a single function in front of the app, whose own answers still work", async () => {
    const app = Server();
    const server = http.createServer((req, res) => {
      if (req.url === "/health") res.end(`ok ${req instanceof http.IncomingMessage} ${typeof req.query}`);
      else app(req, res);
    });
    const seen = await classesSeen(server, app);
    expect(seen).toEqual([
      [false, false],
      [true, true],
      [true, true],
    ]);
    const again = await start(server);
    try {
      expect(await (await fetch(`${again.url}/health`)).text()).toBe("ok true object");
    } finally {
      await again.close();
    }
  });

  it("leaves a server alone when another listener shares it", async () => {
    const app = Server();
    const server = http.createServer(app);
    server.on("request", () => {});
    const seen = await classesSeen(server, app);
    expect(seen.every(([req, res]) => !req && !res)).toBe(true);
  });

  it("leaves a server alone when it was given its own classes", async () => {
    const app = Server();
    class MyRequest extends http.IncomingMessage {}
    const server = http.createServer({ IncomingMessage: MyRequest }, app);
    const seen = await classesSeen(server, app);
    expect(seen.every(([req]) => !req)).toBe(true);
  });

  // express-ws answers a WebSocket upgrade with app.handle(req, new http.ServerResponse(req), cb):
  // the request may already be one of the app's, the response never is.
  describe.each([
    ["http.createServer(app)", "createServer"],
    ["app.listen()", "listen"],
  ])("app.handle(req, a response of its own) through %s, as express-ws calls it", (name, via) => {
    const seenBy = async (framework) => {
      const app = framework();
      app.use((req, res, next) => {
        req.seen = `${typeof res.status} ${typeof res.locals} ${res.app === app} ${res.req === req}`;
        next();
      });
      app.get("/", (req, res) => res.send("ok"));
      const started = await start(app, { via });
      const seen = [];
      started.server.on("upgrade", (req, socket) => {
        app.handle(req, new http.ServerResponse(req), () => {
          seen.push(req.seen);
          socket.destroy();
        });
      });
      const upgrade = () =>
        new Promise((resolve) => {
          const headers = { Connection: "Upgrade", Upgrade: "websocket" };
          const request = http.request({ port: started.port, host: "127.0.0.1", path: "/ws", headers });
          request.on("error", resolve).on("close", resolve).end();
        });
      try {
        await upgrade();
        expect(await (await fetch(`${started.url}/`)).text()).toBe("ok");
        await upgrade();
      } finally {
        await started.close();
      }
      return seen;
    };

    it("gets the app's response methods, before and after the server's first request", async () => {
      const expected = await seenBy(express);
      expect(expected).toEqual(["function object true true", "function object true true"]);
      expect(await seenBy(Server)).toEqual(expected);
    });
  });

  it("builds its classes on Node's, whatever their name (a patched export)", async () => {
    const patched = http.ServerResponse;
    http.ServerResponse = class PatchedResponse extends patched {};
    try {
      const app = Server();
      app.get("/", (req, res) => res.send(`${req.constructor.name} ${res instanceof patched}`));
      const started = await start(app, { via: "listen" });
      try {
        expect(await (await fetch(`${started.url}/`)).text()).toBe("IncomingMessage true");
      } finally {
        await started.close();
      }
    } finally {
      http.ServerResponse = patched;
    }
  });
});
