// Request tracing: the "express.router.request" tracing channel published like router 2.3
// (Express 5.3) publishes it, lib-server's request start/end channels, and
// NODE_DEBUG=lib-server explaining skipped layers.
import { describe, it, expect, beforeAll, afterAll } from "vitest";

// Express's router warns (depd) about the thenables some routes return on purpose: with a
// "deprecation" listener, depd emits the warning to it instead of printing it.
const ignoreDeprecation = () => {};
beforeAll(() => {
  process.on("deprecation", ignoreDeprecation);
});
afterAll(() => {
  process.off("deprecation", ignoreDeprecation);
});
import dc from "node:diagnostics_channel";
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import express from "express";
import Server from "../src/index.js";
import { start, request } from "./helpers/server.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const channel = dc.tracingChannel("express.router.request");
const layerChannel = dc.channel("lib-server.layer");

// A "lib-server.layer" subscriber as an instrumentation is: each layer's handle wrapped
// (under the same name, for the events compared), a route's too.
const layersWrapped = [];
function wrapLayer(message) {
  const handle = message.handle;
  layersWrapped.push(message.layer.name);
  message.handle = Object.defineProperty((req, res, next) => handle(req, res, next), "name", { value: handle.name });
}

// The same app on both frameworks: named middleware, a mounted router, sync and async
// handlers, a thrown error and an error handler.
function build(factory) {
  const app = factory();
  app.set("env", "test");
  app.use(function logger(req, res, next) {
    next();
  });
  const api = factory.Router();
  api.param("id", function checkId(req, res, next, id) {
    if (id === "bad") throw new Error("bad id");
    next();
  });
  api.param("id", async function loadId(req, res, next) {
    await new Promise((resolve) => setImmediate(resolve));
    next(req.params.id === "missing" ? new Error("no such item") : undefined);
  });
  api.get(
    "/items/:id",
    function loadItem(req, res, next) {
      next();
    },
    async function sendItem(req, res) {
      await new Promise((resolve) => setImmediate(resolve));
      res.json({ id: req.params.id });
    },
  );
  api.get("/fail", function failing() {
    throw new Error("failed here");
  });
  // A falsy throw routes on as next() would: no error event.
  api.get(
    "/falsy",
    function throwsFalsy() {
      throw undefined;
    },
    function continues(req, res) {
      res.send("continued");
    },
  );
  api.get("/passed", function passesError(req, res, next) {
    next(new Error("passed on"));
  });
  api.get("/rejected", async function rejects() {
    throw new Error("rejected here");
  });
  // Thenables that settle synchronously, inside then(): `end` comes first, then what the
  // outcome sets off (router 2.3 follows a layer's promise after publishing `end`). Router 2
  // deprecates non-native thenables: its warning is kept off the test output (see below).
  api.get("/sync-rejected", function rejectsAtOnce() {
    return { then: (resolve, reject) => reject(new Error("rejected at once")) };
  });
  api.get("/then-throws", function thenThrows() {
    return {
      then() {
        throw new Error("then() threw");
      },
    };
  });
  api.get("/sync-resolved", function resolvesAtOnce(req, res) {
    res.send("resolved");
    return { then: (resolve) => resolve("done") };
  });
  api.use(["/nowhere", "/listed"], function arrayMiddleware(req, res, next) {
    next();
  });
  api.get(["/list", "/listed/:id"], function listItems(req, res) {
    res.send("list");
  });
  api.get("/rethrown", function failsAgain() {
    throw new Error("rethrow");
  });
  api.use(function apiErrors(err, req, res, next) {
    if (err.message === "rethrow") throw err;
    next(err);
  });
  app.use("/api", api);
  app.use(function handleError(err, req, res, next) {
    res.status(500).send(err.message);
  });
  return app;
}

// Records [event, handler name, extra] for every event of one request.
async function recordEvents(factory, path, layerObserver) {
  const events = [];
  const handlers = {};
  for (const event of ["start", "end", "asyncStart", "asyncEnd", "error"]) {
    handlers[event] = (ctx) => {
      if (ctx.req.url === undefined) return;
      // the layer is the handler's own, also inside a route; an error handler's context
      // says so and carries the error it received
      const errorHandler = ctx.errorHandler === true ? `handles ${ctx.incomingError.message}` : undefined;
      // `route`: the registered path that matched, one of an array's
      events.push([
        event,
        ctx.handler.name || "<anonymous>",
        ctx.layer.name,
        String(ctx.route),
        ctx.param,
        event === "error" ? ctx.error?.message : undefined,
        errorHandler,
      ]);
    };
  }
  channel.subscribe(handlers);
  if (layerObserver) layerChannel.subscribe(layerObserver);
  const server = await start(build(factory));
  try {
    const res = await request(server.port, { path });
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { status: res.status, body: res.body, events };
  } finally {
    channel.unsubscribe(handlers);
    if (layerObserver) layerChannel.unsubscribe(layerObserver);
    await server.close();
  }
}

describe('the "express.router.request" tracing channel, as Express 5.3 publishes it', () => {
  for (const path of [
    "/api/listed/7",
    "/api/items/7",
    "/api/items/bad",
    "/api/items/missing",
    "/api/fail",
    "/nothing",
    "/api/falsy",
    "/api/passed",
    "/api/rejected",
    "/api/rethrown",
    "/api/sync-rejected",
    "/api/then-throws",
    "/api/sync-resolved",
  ]) {
    it(`GET ${path}: the same events for the same handlers`, async () => {
      const expected = await recordEvents(express, path);
      const actual = await recordEvents(Server, path);
      expect(actual).toEqual(expected);
      expect(actual.events.length).toBeGreaterThan(0);
    });
  }

  it.each(["/api/items/7", "/api/listed/7", "/api/fail", "/api/rejected", "/nothing", "/api/passed"])(
    "GET %s: the same answer and events while a lib-server.layer subscriber wraps each layer",
    async (path) => {
      layersWrapped.length = 0;
      const expected = await recordEvents(express, path);
      const actual = await recordEvents(Server, path, wrapLayer);
      expect(actual).toEqual(expected);
      expect(layersWrapped.length).toBeGreaterThan(0);
    },
  );

  it("the context names the handler and where it is mounted", async () => {
    const seen = [];
    const onStart = (ctx) =>
      seen.push({ name: ctx.name, mountPath: ctx.mountPath, route: ctx.route, hasLayer: Boolean(ctx.layer) });
    channel.start.subscribe(onStart);
    const server = await start(build(Server));
    try {
      await request(server.port, { path: "/api/items/7" });
    } finally {
      channel.start.unsubscribe(onStart);
      await server.close();
    }
    expect(seen).toEqual([
      { name: "logger", mountPath: "", route: "/", hasLayer: true },
      { name: "router", mountPath: "/api", route: "/api", hasLayer: true },
      { name: "checkId", mountPath: "/api", route: "/items/:id", hasLayer: true },
      { name: "loadId", mountPath: "/api", route: "/items/:id", hasLayer: true },
      { name: "loadItem", mountPath: "/api", route: "/items/:id", hasLayer: true },
      { name: "sendItem", mountPath: "/api", route: "/items/:id", hasLayer: true },
    ]);
  });
});

describe("lib-server.request.start / lib-server.request.end", () => {
  let server;
  beforeAll(async () => {
    server = await start(build(Server));
  });
  afterAll(() => server.close());

  it("publish each request with Node's message shape, plus the app", async () => {
    const seen = [];
    const onStart = (m) =>
      seen.push(["start", m.request.url, typeof m.response.end, m.socket === m.request.socket, typeof m.app]);
    const onEnd = (m) => seen.push(["end", m.request.originalUrl, m.response.statusCode]);
    dc.subscribe("lib-server.request.start", onStart);
    dc.subscribe("lib-server.request.end", onEnd);
    try {
      await request(server.port, { path: "/api/items/1" });
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      dc.unsubscribe("lib-server.request.start", onStart);
      dc.unsubscribe("lib-server.request.end", onEnd);
    }
    expect(seen).toEqual([
      ["start", "/api/items/1", "function", true, "function"],
      ["end", "/api/items/1", 200],
    ]);
  });
});

describe("lib-server.final-handler", () => {
  it("publishes the errors that reach the final handler, the router's own too, and nothing else", async () => {
    const app = Server();
    const mounted = Server();
    mounted.get("/fail", (req, res, next) => next(new Error("from a mounted app")));
    app.use("/mounted", mounted);
    app.get("/throws", () => {
      throw new Error("thrown");
    });
    app.get("/recovered", (req, res, next) => next(new Error("recovered")));
    app.get("/params/:id", (req, res) => res.end(req.params.id));
    app.use((err, req, res, next) => (err.message === "recovered" ? res.end("ok") : next(err)));
    const seen = [];
    const onFinal = ({ req, res, error }) =>
      seen.push([req.originalUrl, typeof res.end, error.status ?? error.message]);
    dc.subscribe("lib-server.final-handler", onFinal);
    const server = await start(app);
    try {
      for (const path of ["/throws", "/recovered", "/mounted/fail", "/params/%E0%A4%A", "/missing"])
        await request(server.port, { path });
    } finally {
      dc.unsubscribe("lib-server.final-handler", onFinal);
      await server.close();
    }
    expect(seen).toEqual([
      ["/throws", "function", "thrown"],
      ["/mounted/fail", "function", "from a mounted app"],
      ["/params/%E0%A4%A", "function", 400],
    ]);
  });
});

describe("NODE_DEBUG=lib-server", () => {
  it("explains why each considered layer was skipped", async () => {
    const source = `
      import Server from "lib-server";
      const app = Server();
      app.post("/x", (req, res) => res.end());
      app.use("/x", function onlyErrors(err, req, res, next) { next(err); });
      app.get("/x", (req, res) => res.end("got"));
      const server = app.listen(0, "127.0.0.1", async () => {
        await (await fetch("http://127.0.0.1:" + server.address().port + "/x")).text();
        server.close();
      });`;
    const stderr = await new Promise((resolve, reject) => {
      execFile(
        process.execPath,
        ["--input-type=module", "-e", source],
        { cwd: root, env: { ...process.env, NODE_DEBUG: "lib-server" }, timeout: 15000 },
        (err, stdout, stderr) => (err ? reject(err) : resolve(stderr)),
      );
    });
    expect(stderr).toMatch(/LIB-SERVER \d+: GET \/x: skipped route \/x: it has no handler for GET/);
    expect(stderr).toMatch(/skipped middleware onlyErrors at \/x: it is an error handler and no error is pending/);
  });
});
