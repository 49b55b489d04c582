// The one handler runner (src/router/run-handler.js), seen from its two callers: a router's
// walk and a route run on its own (Route#dispatch). Its two rules: at most 100 handlers
// called in a row before one waits for setImmediate, and tracing while someone subscribes.
import dc from "node:diagnostics_channel";
import { describe, it, expect, afterEach } from "vitest";
import express from "express";
import Server from "../../src/index.js";

const tracing = dc.tracingChannel("express.router.request");
const layerChannel = dc.channel("lib-server.layer");

// `count` handlers calling next() at once, and which of them first ran after a setImmediate
// queued before the first: the one that waited.
async function firstDeferred(count, run) {
  let turned = false;
  const seen = [];
  const handlers = Array.from({ length: count }, () => (req, res, next) => {
    seen.push(turned);
    next();
  });
  setImmediate(() => (turned = true));
  const err = await new Promise((resolve) => run(handlers, resolve));
  return { firstDeferred: seen.indexOf(true), ran: seen.length, err };
}

const request = (method = "GET") => ({ method, url: "/x" });

// A router's walk through `handlers` as middleware.
const walk = (Router) => (handlers, done) => {
  const router = Router();
  router.use(handlers);
  router.handle(request(), {}, done);
};

// A route's handlers run on their own, as when a route is handed to use() as a handler.
const routeRun = (Router) => (handlers, done) => {
  const route = new Router.Route("/x");
  route.all(handlers);
  route.dispatch(request(), {}, done);
};

describe("handlers in a row", () => {
  for (const [name, run] of [
    ["a router's walk", walk],
    ["a route run on its own (Route#dispatch)", routeRun],
  ]) {
    it(`${name}: the 101st handler called in a row waits for setImmediate, as in router 2`, async () => {
      const expected = await firstDeferred(250, run(express.Router));
      expect(expected).toEqual({ firstDeferred: 100, ran: 250, err: undefined });
      expect(await firstDeferred(250, run(Server.Router))).toEqual(expected);
    });
  }

  it("a walk counts its middleware and its routes' handlers together: handler calls, not layers", async () => {
    const result = await firstDeferred(250, (handlers, done) => {
      const router = Server.Router();
      router.use(handlers.slice(0, 50));
      router.get("/x", handlers.slice(50));
      router.handle(request(), {}, done);
    });
    expect(result).toEqual({ firstDeferred: 100, ran: 250, err: undefined });
  });

  it("an observed walk (lib-server.layer subscribed) follows the same rule", async () => {
    const observe = () => {};
    layerChannel.subscribe(observe);
    try {
      expect(await firstDeferred(250, walk(Server.Router))).toEqual({ firstDeferred: 100, ran: 250, err: undefined });
    } finally {
      layerChannel.unsubscribe(observe);
    }
  });

  it("5,000 synchronous handlers in a row do not overflow the stack", async () => {
    expect((await firstDeferred(5000, walk(Server.Router))).ran).toBe(5000);
    expect((await firstDeferred(5000, routeRun(Server.Router))).ran).toBe(5000);
  });

  it("nor do 10,000 layers entered that run nothing: the walk goes on past them in a loop", async () => {
    // A mount path that ends mid-segment (/^\/x/ on "/xy") runs nothing, as in router 2.
    const router = Server.Router();
    for (let i = 0; i < 10000; i++) router.use(/^\/x/, () => {});
    router.use((req, res, next) => next(new Error("reached the last layer")));
    const err = await new Promise((resolve) => router.handle({ method: "GET", url: "/xy" }, {}, resolve));
    expect(err?.message).toBe("reached the last layer");
  });
});

describe("tracing, the same for both callers", () => {
  let starts = [];
  const handlers = { start: (ctx) => starts.push({ route: ctx.route, layer: ctx.layer, handler: ctx.handler }) };
  afterEach(() => {
    tracing.unsubscribe(handlers);
    starts = [];
  });

  it("a route's handlers are traced one by one, with the route's path, whether a walk or Route#dispatch runs them", async () => {
    const first = (req, res, next) => next();
    const second = (req, res, next) => next();
    const router = Server.Router();
    const route = router.route("/x").get(first, second);
    tracing.subscribe(handlers);
    await new Promise((resolve) => router.handle(request(), {}, resolve));
    const byWalk = starts;
    starts = [];
    await new Promise((resolve) => route.dispatch(request(), {}, resolve));
    const expected = route.stack.map((layer) => ({ route: "/x", layer, handler: layer.handle }));
    expect(byWalk).toEqual(expected);
    expect(starts).toEqual(expected);
    expect(expected.map((start) => start.handler)).toEqual([first, second]);
  });
});
