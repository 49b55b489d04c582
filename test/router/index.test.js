// The Router's own API (src/router/index.js), compared with Express 5's router: a stack
// that changes after requests were served, the stack as tools read it, a router called on
// its own, and router.param()'s argument checks.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { compareSuite, differential } from "../helpers/compare.js";
import express from "express";
import Server from "../../src/index.js";

describe("routes added after requests were served", () => {
  let d;
  const apps = [];
  beforeAll(async () => {
    d = await differential((app, factory) => {
      const router = factory.Router();
      router.get("/first", (req, res) => res.send("first"));
      app.use("/r", router);
      app.get("/users/:id", (req, res, next) => next());
      apps.push({ app, router });
    });
  });
  afterAll(() => d.close());

  it("answers new routes and middleware in the new stack order", async () => {
    for (const path of ["/r/first", "/r/second", "/users/1", "/late"]) {
      const [expected, actual] = await d.both({ path });
      expect(actual).toEqual(expected);
    }
    for (const { app, router } of apps) {
      router.get("/second", (req, res) => res.send("second"));
      app.use((req, res, next) => {
        res.setHeader("x-late", "1");
        next();
      });
      app.get("/users/new", (req, res) => res.send(`new ${res.getHeader("x-late")}`));
      app.get("/late", (req, res) => res.send("late"));
    }
    for (const path of ["/r/first", "/r/second", "/users/1", "/users/new", "/late"]) {
      const [expected, actual] = await d.both({ path });
      expect(actual).toEqual(expected);
    }
  });
});

// What tools that list or call a router's stack (express-list-endpoints, test helpers
// calling a route layer's handle) read: layer and handler names, a route layer's handle.
compareSuite(
  "the router stack as tools read it",
  (app, factory) => {
    app.use(factory.json(), factory.urlencoded(), factory.text(), factory.raw());
    app.use("/api", (req, res, next) => next());
    app.get("/", function home(req, res) {
      res.send("home");
    });
    app
      .route("/r")
      .all((req, res, next) => next())
      .get(function getR(req, res) {
        res.send("r");
      });
    app.get("/names", (req, res) =>
      res.json(
        app.router.stack.map((layer) => ({
          name: layer.name,
          rawPath: layer.rawPath ?? null,
          slash: layer.slash,
          route: layer.route?.stack.map((entry) => [entry.method ?? null, entry.name]),
        })),
      ),
    );
    app.get("/via-layer", (req, res, next) =>
      app.router.stack.find((layer) => layer.route?.path === "/").handle(req, res, next),
    );
    // router 2.3's listRoutes(): routes by path, methods in registration order (HEAD implied
    // by GET), mounted routers (not apps) given for the caller to recurse into
    const inner = factory.Router();
    inner.get("/in", (req, res) => res.end());
    app.use("/mounted", inner);
    const sub = factory();
    sub.get("/s", (req, res) => res.end());
    app.use("/sub", sub);
    app.post(["/x", ["/y"]], (req, res) => res.end());
    app
      .route("/h")
      .head((req, res) => res.end())
      .get((req, res) => res.end());
    app.get(/^\/re$/, (req, res) => res.end());
    app.get("/router-keys", (req, res) =>
      res.json({ app: Object.keys(app.router).sort(), inner: Object.keys(inner).sort() }),
    );
    app.get("/routes", (req, res) =>
      res.json(
        app.router.listRoutes().map(({ path, methods, router }) => ({
          path: String(path),
          methods: methods ?? null,
          router: router === undefined ? null : router === inner ? "inner" : "another",
          innerRoutes: router?.listRoutes().map((entry) => entry.path) ?? null,
        })),
      ),
    );
  },
  ["/names", "/via-layer", "/routes", "/router-keys"],
);

describe("Router and Route used on their own, as with router 2", () => {
  const Router = Server.Router;
  const ExpressRouter = express.Router;

  // Runs `router.handle(req, {}, cb)` with a hand-made request; resolves with what happened.
  const outcome = (router, req) =>
    new Promise((resolve) => {
      try {
        router.handle(req, {}, (err) =>
          resolve({ called: true, err: err ? String(err.message ?? err) : null, baseUrl: req.baseUrl }),
        );
      } catch (thrown) {
        resolve({ threw: thrown.message });
      }
    });

  const build = (R) => {
    const router = R();
    router.use((req, res, next) => {
      req.seen = (req.seen ?? 0) + 1;
      next();
    });
    router.get("/x", (req, res, next) => next());
    router.all("/y", (req, res, next) => next());
    return router;
  };

  for (const [label, req] of [
    ["no url", { method: "GET" }],
    ["an empty url", { method: "GET", url: "" }],
    ["an undefined method", { url: "/x", method: undefined }],
    ["an undefined method on an all() route", { url: "/y" }],
    ["a plain request", { method: "GET", url: "/x" }],
  ]) {
    it(`handles a hand-made request with ${label} like router 2`, async () => {
      const expected = await outcome(build(ExpressRouter), { ...req });
      const actual = await outcome(build(Router), { ...req });
      expect(actual).toEqual(expected);
    });
  }

  it("requires a callback, like router 2", () => {
    expect(() => build(Router)({ url: "/x", method: "GET" }, {})).toThrow("argument callback is required");
    expect(() => build(ExpressRouter)({ url: "/x", method: "GET" }, {})).toThrow("argument callback is required");
  });
});

describe("app.param argument checks match Express 5", () => {
  for (const [label, args] of [
    ["a non-function callback", ["id", "x"]],
    ["no callback", ["id"]],
    ["no name", [""]],
    ["a non-string name", [5, () => {}]],
  ]) {
    it(label, () => {
      const message = (factory) => {
        try {
          factory().param(...args);
        } catch (err) {
          return err.message;
        }
        return "no error";
      };
      expect(message(Server)).toBe(message(express));
    });
  }
});
