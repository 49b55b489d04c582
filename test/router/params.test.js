// app.param()/router.param() callbacks and mergeParams (src/router/params.js), compared
// with Express 5 request by request.
import { vi, describe, it, expect, beforeAll, afterAll } from "vitest";
import { compareSuite, trace, step, X_TRACE, fail } from "../helpers/compare.js";
import express from "express";
import Server from "../../src/index.js";
import { mergeParams } from "../../src/router/params.js";

// Both frameworks log errors reaching the final handler; keep the output readable.
let consoleError;
beforeAll(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterAll(() => consoleError.mockRestore());

compareSuite(
  "app.param and router.param",
  (app, factory) => {
    app.param("id", (req, res, next, value, name) => {
      trace(res, `param:${name}=${value}`);
      if (value === "bad") return next(fail("bad id", { status: 400 }));
      if (value === "skip") return next("route");
      req.params.id = value.toUpperCase();
      next();
    });
    // a later callback still gets the value matched, not the one changed above
    app.param("id", (req, res, next, value) => {
      trace(res, `param again:${value}/${req.params.id}`);
      next();
    });
    app.param("other", async (req, res, next, value) => {
      trace(res, `other=${value}`);
      if (value === "reject") throw fail("rejected param", { status: 406 });
      next();
    });
    app.get("/p/:id", step("h1"), (req, res, next) => next());
    app.get("/p/:id", (req, res) => res.send(`id ${req.params.id}`));
    app.get("/p/:id", (req, res) => res.send("skipped"));
    app.get("/two/:other/:id", (req, res) => res.json(req.params));
    app.get("/q/:id", (req, res) => res.send(`q ${req.params.id}`));
    app.use("/m/:id", (req, res, next) => {
      trace(res, `mw:${req.params.id}`);
      next();
    });
    app.get("/m/:id", (req, res) => res.send(`m ${req.params.id}`));

    const router = factory.Router();
    router.param("slug", (req, res, next, value) => {
      trace(res, `slug=${value}`);
      next();
    });
    router.get("/:slug", (req, res, next) => next());
    router.get("/:slug", (req, res) => res.send(`slug ${req.params.slug}`));
    app.use("/r", router);
  },
  ["/p/abc", "/p/bad", "/p/skip", "/two/x/y", "/two/reject/y", "/q/again", "/m/mid", "/r/s1"],
  X_TRACE,
);

compareSuite(
  "params across routers: conflicts, restoration, array names",
  (app, factory) => {
    const child = factory.Router({ mergeParams: true });
    child.get("/:id", (req, res) => res.json({ where: "child", params: req.params }));
    child.use((req, res, next) => {
      trace(res, `child-mw:${JSON.stringify(req.params)}`);
      next();
    });
    app.use("/p/:id", child);
    app.use("/p/:id", (req, res) => res.json({ where: "after-child", params: req.params }));

    app.param(["a", "b"], (req, res, next, value, name) => {
      trace(res, `${name}=${value}`);
      next();
    });
    app.get("/ab/:a/:b/:a2", (req, res) => res.json(req.params));
    app.get("/same/:a/:b", (req, res) => res.json(req.params));
  },
  ["/p/1/2", "/p/1", "/p/1/2/3", "/ab/x/y/z", "/same/v/v"],
  X_TRACE,
);

describe("param callbacks run once per value per request and router, as router 2's", () => {
  // The param callbacks' calls ("name=value") while `urls` go, one request after another,
  // through the router `build` makes.
  const calls = async (Router, build, urls) => {
    const seen = [];
    const router = build(Router, (req, res, next, value, name) => {
      seen.push(`${name}=${value}`);
      next();
    });
    for (const url of urls) await new Promise((resolve) => router.handle({ method: "GET", url }, {}, resolve));
    return seen;
  };
  const pass = (req, res, next) => next();

  const scenarios = {
    "three layers with the same value, two requests": {
      build: (Router, record) =>
        Router().param("id", record).use("/u/:id", pass).get("/u/:id", pass).get("/u/:id", pass),
      urls: ["/u/1", "/u/1"],
      expected: ["id=1", "id=1"],
    },
    "a new value in a later layer of the same request": {
      build: (Router, record) => Router().param("id", record).use("/:id", pass).get("/x/:id", pass).get("/:id/y", pass),
      urls: ["/x/y"],
      expected: ["id=x", "id=y", "id=x"],
    },
    "two names, in the order of the path's keys": {
      build: (Router, record) => Router().param("b", record).param("a", record).get("/:a/:b", pass),
      urls: ["/1/2"],
      expected: ["a=1", "b=2"],
    },
    "a mounted router with callbacks of its own": {
      build: (Router, record) => {
        const inner = Router({ mergeParams: true }).param("id", record).get("/:id", pass);
        return Router().param("id", record).use("/o/:id", pass).use("/o/:id", inner);
      },
      urls: ["/o/1/2"],
      expected: ["id=1", "id=2"],
    },
  };

  for (const [name, { build, urls, expected }] of Object.entries(scenarios)) {
    it(name, async () => {
      expect(await calls(express.Router, build, urls)).toEqual(expected);
      expect(await calls(Server.Router, build, urls)).toEqual(expected);
    });
  }
});

describe("mergeParams", () => {
  it("lays a child's params over its parent's, numbered ones after the parent's", () => {
    expect(mergeParams({ id: "child" }, { id: "parent", org: "o" })).toEqual({ id: "child", org: "o" });
    expect(mergeParams({ 0: "c0", 1: "c1", name: "n" }, { 0: "p0" })).toEqual({ 0: "p0", 1: "c0", 2: "c1", name: "n" });
    const params = { id: "1" };
    expect(mergeParams(params, undefined)).toBe(params);
  });
});
