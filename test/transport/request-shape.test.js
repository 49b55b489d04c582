// src/transport/request-shape.js: a request of ours is made with the properties lib-server sets
// later, holding what they held before they were set, so middleware sees the same values as on
// Express 5 (compared with the real one) while the request keeps one shape.
import { describe, it, expect } from "vitest";
import http from "node:http";
import express from "express";
import Server from "../../src/index.js";
import { start } from "../helpers/server.js";

const LATER_SET = ["res", "baseUrl", "originalUrl", "next", "params", "route"];

// What the first middleware, a middleware on a mounted router and the route handler see of the
// properties set during a request, for the same app on either framework, each serving with its
// own app.listen() (lib-server's requests of the app's class from the first).
function appOn(framework, seen) {
  const app = framework();
  const view = (req) => ({
    route: req.route?.path,
    baseUrl: req.baseUrl,
    originalUrl: req.originalUrl,
    params: { ...req.params },
    res: typeof req.res,
    next: typeof req.next,
    body: "body" in req,
    listeners: req.listenerCount("data"),
  });
  app.use((req, res, next) => {
    seen.push(["first middleware", view(req)]);
    next();
  });
  const api = framework.Router();
  api.use((req, res, next) => {
    seen.push(["router middleware", view(req)]);
    next();
  });
  api.get("/users/:id", (req, res) => {
    seen.push(["route", view(req)]);
    res.json({ id: req.params.id });
  });
  app.use("/api", api);
  return app;
}

async function seenOn(framework) {
  const seen = [];
  const started = await start(appOn(framework, seen), { via: "listen" });
  try {
    const res = await fetch(`${started.url}/api/users/7?x=1`);
    expect(await res.json()).toEqual({ id: "7" });
  } finally {
    await started.close();
  }
  return seen;
}

describe("requests born with their shape", () => {
  it("shows middleware and handlers what Express 5 shows them", async () => {
    const [ours, theirs] = [await seenOn(Server), await seenOn(express)];
    expect(ours).toEqual(theirs);
    expect(ours.map(([where]) => where)).toEqual(["first middleware", "router middleware", "route"]);
  });

  // Through app.listen() every request is of the app's class; through http.createServer(app)
  // from the second on (apps.js adopts the server on the first).
  it.each([
    ["app.listen()", "listen", 1],
    ["http.createServer(app)", "createServer", 2],
  ])(
    "holds lib-server's properties and its listener count from the first middleware on (%s)",
    async (_, via, requests) => {
      const app = Server();
      let ownAtFirst = null;
      app.use((req, res, next) => {
        ownAtFirst = Object.fromEntries([...LATER_SET, "_eventsCount"].map((key) => [key, Object.hasOwn(req, key)]));
        next();
      });
      app.get("/", (req, res) => res.send("ok"));
      const started = await start(app, { via });
      try {
        for (let i = 0; i < requests; i++) expect(await (await fetch(`${started.url}/`)).text()).toBe("ok");
      } finally {
        await started.close();
      }
      expect(ownAtFirst).toEqual({
        res: true,
        baseUrl: true,
        originalUrl: true,
        next: true,
        params: true,
        route: true,
        _eventsCount: true,
      });
    },
  );

  it("keeps EventEmitter's count of a request's events right while a body is read", async () => {
    const app = Server();
    app.use(Server.json());
    app.post("/", (req, res) => {
      req.on("close", () => {});
      res.json({ body: req.body, counted: req._eventsCount, events: req.eventNames().length });
    });
    const started = await start(app, { via: "listen" }); // a request of the app's class from the first
    try {
      const res = await fetch(`${started.url}/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ a: 1 }),
      });
      const { body, counted, events } = await res.json();
      expect(body).toEqual({ a: 1 });
      expect(counted).toBe(events);
    } finally {
      await started.close();
    }
  });

  it("leaves requests of a plain node:http server as Node makes them", async () => {
    const req = new http.IncomingMessage(null);
    expect(LATER_SET.some((key) => Object.hasOwn(req, key))).toBe(false);
  });
});
