// Routing order, next() semantics and mounting, compared with Express 5 request by request.
import { vi, describe, it, expect, beforeAll, afterAll } from "vitest";
import { compareSuite, differential, trace, step } from "../helpers/compare.js";
import express from "express";
import methodOverride from "method-override";
import Server from "../../src/index.js";

// Both frameworks log errors reaching the final handler; keep the output readable.
let consoleError;
beforeAll(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterAll(() => consoleError.mockRestore());

const X_TRACE = { extraHeaders: ["x-trace"] };
const fail = (message, props) => Object.assign(new Error(message), props);

// What a handler sees of the URL, for mounting tests.
const where = (name) => (req, res) =>
  res.json({ name, url: req.url, baseUrl: req.baseUrl, originalUrl: req.originalUrl, path: req.path, params: { ...req.params } });

function buildOrder(app, factory) {
  app.use(step("mw1"));
  app.get("/r", step("r1"), step("r2"));
  app.use(step("mw2"));
  app.get("/r", (req, res) => res.send("second route"));
  app.get("/stop", (req, res) => res.send("stop"));
  app.use("/stop", step("never"));

  app.get("/skip", step("a1"), (req, res, next) => next("route"), step("a3"));
  app.get("/skip", step("b1"), (req, res) => res.send("b"));

  const router = factory.Router();
  router.use(step("inner-mw"));
  router.get("/leave", step("inner1"), (req, res, next) => next("router"));
  router.get("/leave", step("inner-never"));
  router.get("/inner-error", () => {
    throw fail("inner", { status: 409 });
  });
  router.use((err, req, res, next) => {
    trace(res, "inner-err");
    next(err);
  });
  app.use("/rt", router);
  app.use("/rt", (req, res) => res.send("after router"));

  app.get("/app-router", (req, res, next) => next("router"));

  app.use((err, req, res, next) => res.status(599).send("early handler never sees later errors"));
  app.get("/e/sync", () => {
    throw fail("sync", { status: 418 });
  });
  app.get("/e/next", (req, res, next) => next(fail("next", { statusCode: 503 })));
  app.get("/e/async", async () => {
    throw fail("async", { status: 422 });
  });
  app.get("/e/reject-undefined", () => Promise.reject(undefined));
  app.get("/e/string", (req, res, next) => next("plain string"));
  app.get("/e/recover", (req, res, next) => next(fail("recoverable")));
  app.get("/e/chain", (req, res, next) => next(fail("chained", { status: 400 })));
  app.get(
    "/e/route-level",
    (req, res, next) => next(fail("route-level")),
    (err, req, res, next) => res.send(`route caught ${err.message}`),
  );
  app.get("/e/from-handler", (req, res, next) => next(fail("first")));
  app.get("/no-error", step("ok"), (req, res, next) => next());
  app.use((req, res, next) => {
    trace(res, "plain-never-gets-errors");
    next();
  });
  app.use((err, req, res, next) => {
    trace(res, "err1");
    if (err.message === "recoverable") return next();
    if (err.message === "first") throw fail("thrown in error handler", { status: 502 });
    next(err);
  });
  app.get("/e/recover", (req, res) => res.send("recovered"));
  app.use((err, req, res, next) => {
    trace(res, "err2");
    if (err.message === "chained") return res.status(err.status).send("handled chained");
    next(err);
  });
  app.use((req, res) => res.status(404).send("catch-all"));
}

for (const useListen of [false, true]) {
  compareSuite(
    `ordering and next() ${useListen ? "(app.listen)" : "(http.createServer)"}`,
    buildOrder,
    [
      "/r",
      "/stop",
      "/stop/x",
      "/skip",
      "/rt/leave",
      "/rt/inner-error",
      "/rt/nothing",
      "/app-router",
      "/e/sync",
      "/e/next",
      "/e/async",
      "/e/reject-undefined",
      "/e/string",
      "/e/recover",
      "/e/chain",
      "/e/route-level",
      "/e/from-handler",
      "/no-error",
      "/unknown",
    ],
    { ...X_TRACE, useListen },
  );
}

compareSuite(
  "final 404 without a catch-all, and a bad request doesn't break the next one",
  (app) => {
    app.get("/throw", () => {
      throw new Error("boom");
    });
    app.get("/reject", async () => {
      await null;
      throw new Error("later boom");
    });
    app.get("/ok", (req, res) => res.send("ok"));
    app.get("/next-after-end", (req, res, next) => {
      res.send("sent");
      next();
    });
  },
  ["/throw", "/ok", "/reject", "/ok", "/next-after-end", "/nothing", { method: "POST", path: "/ok" }, { method: "HEAD", path: "/nothing" }],
);

compareSuite(
  "registration order beats specificity",
  (app) => {
    app.get("/users/:id", (req, res) => res.send(`user ${req.params.id}`));
    app.get("/users/new", (req, res) => res.send("new"));

    app.get("/h", (req, res) => res.set("x-by", "get").send("get"));
    app.head("/h", (req, res) => res.set("x-by", "head").end());
    app.head("/h2", (req, res) => res.set("x-by", "head").end());
    app.get("/h2", (req, res) => res.set("x-by", "get").send("get"));

    app.get("/a/:x", (req, res, next) => {
      trace(res, `ax:${req.params.x}`);
      next();
    });
    app.get("/:y/b", (req, res) => res.send(`yb:${req.params.y}`));

    app.get("/files/*splat", (req, res, next) => {
      trace(res, `splat:${req.params.splat.join("|")}`);
      next();
    });
    app.get("/files/:name", (req, res) => res.send(`name:${req.params.name}`));

    app.get(["/one", "/two", ["/three/:n"]], (req, res) => res.send(`multi ${req.path} ${req.params.n}`));
    app.get(/^\/re\/(\d+)$/, (req, res) => res.json({ params: req.params }));
    app.get(/^\/named\/(?<id>[a-z]+)$/, (req, res) => res.json({ params: req.params }));
    app.all("/any", (req, res) => res.send(`any ${req.method}`));
    app
      .route("/book")
      .get((req, res) => res.send("get book"))
      .post((req, res) => res.send("post book"))
      .all((req, res) => res.send("all book"));
    app.get("/stack", [step("s1"), [step("s2"), step("s3")]], step("s4"), (req, res) => res.send("stacked"));
  },
  [
    "/users/1",
    "/users/new",
    "/h",
    { method: "HEAD", path: "/h" },
    { method: "HEAD", path: "/h2" },
    "/h2",
    "/a/b",
    "/a/c",
    "/z/b",
    "/files/x",
    "/files/x/y",
    "/files/",
    "/one",
    "/two/",
    "/three/3",
    "/re/42",
    "/re/x",
    "/named/abc",
    "/any",
    { method: "POST", path: "/any" },
    { method: "DELETE", path: "/any" },
    { method: "PATCH", path: "/any" },
    "/book",
    { method: "POST", path: "/book" },
    { method: "PUT", path: "/book" },
    { method: "HEAD", path: "/book" },
    "/stack",
  ],
  { extraHeaders: ["x-trace", "x-by"] },
);

compareSuite(
  "mounting: paths, req.url/baseUrl/originalUrl/path and their restoration",
  (app, factory) => {
    app.use("/api", (req, res, next) => {
      trace(res, `api:${req.url}|${req.baseUrl}|${req.originalUrl}|${req.path}`);
      next();
    });
    app.use("/api/", (req, res, next) => {
      trace(res, `api-slash:${req.url}|${req.baseUrl}`);
      next();
    });
    app.use(["/multi-a", "/multi-b"], (req, res, next) => {
      trace(res, `multi:${req.baseUrl}`);
      next();
    });
    app.use("/:tenant/dash", (req, res, next) => {
      trace(res, `tenant:${req.params.tenant}|${req.baseUrl}|${req.url}`);
      next();
    });

    const users = factory.Router({ mergeParams: true });
    users.use((req, res, next) => {
      trace(res, `users-mw:${req.url}|${req.baseUrl}|${JSON.stringify(req.params)}`);
      next();
    });
    users.get("/", where("users-root"));
    users.get("/:id", where("user"));
    const posts = factory.Router({ mergeParams: true });
    posts.get("/:post", where("post"));
    users.use("/:id/posts", posts);
    const unmerged = factory.Router();
    unmerged.get("/:post", where("unmerged-post"));
    users.use("/:id/plain", unmerged);
    app.use("/org/:org/users", users);

    app.use("/rewrite", (req, res, next) => {
      req.url = "/target" + req.url;
      next();
    });
    app.use((req, res, next) => {
      if (req.url === "/old") req.url = "/new?from=old";
      next();
    });
    app.get("/new", (req, res) => res.json({ url: req.url, originalUrl: req.originalUrl, query: req.query }));
    app.get("/target/x", where("rewritten-in-mount"));
    app.get("/rewrite/x", where("original-target"));
    app.use(where("fallthrough"));
  },
  [
    "/api",
    "/api/",
    "/api/x?y=1",
    "/api/x/y",
    "/apix",
    "/API/x",
    "/multi-a/1",
    "/multi-b",
    "/acme/dash/x",
    "/org/o1/users",
    "/org/o1/users/",
    "/org/o1/users/u2",
    "/org/o1/users/u2/posts/p3",
    "/org/o1/users/u2/plain/p3",
    "/old",
    "/rewrite/x",
    "/elsewhere?q=1",
  ],
  X_TRACE,
);

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
  "OPTIONS, HEAD and unknown methods",
  (app, factory) => {
    app.get("/thing", (req, res) => res.send("thing"));
    app.post("/thing", (req, res) => res.send("posted"));
    app.put("/thing/:id", (req, res) => res.send("put"));
    app.delete("/thing/:id", (req, res) => res.send("deleted"));
    app.options("/custom", (req, res) => res.set("allow", "X").send("custom options"));
    app.all("/all", (req, res) => res.send(req.method));
    const router = factory.Router();
    router.get("/inner", (req, res) => res.send("inner"));
    router.patch("/inner", (req, res) => res.send("inner patch"));
    app.use("/nested", router);
    app.use("/nested", (req, res, next) => next());
    app.use("/mw-only", (req, res) => res.send(`mw ${req.method}`));
    // A HEAD request enters /thing/:id (PUT and DELETE only): param callbacks run, req.route is set.
    app.param("id", (req, res, next, value) => {
      trace(res, `id=${value}`);
      next();
    });
    app.use((req, res, next) => {
      trace(res, `route=${req.route?.path}`);
      next();
    });
  },
  [
    { method: "OPTIONS", path: "/thing" },
    { method: "OPTIONS", path: "/thing/1" },
    { method: "OPTIONS", path: "/custom" },
    { method: "OPTIONS", path: "/all" },
    { method: "OPTIONS", path: "/nested/inner" },
    { method: "OPTIONS", path: "/nowhere" },
    { method: "OPTIONS", path: "/mw-only" },
    { method: "HEAD", path: "/thing" },
    { method: "HEAD", path: "/thing/1" },
    { method: "DELETE", path: "/thing" },
    { method: "PATCH", path: "/thing" },
    { method: "PROPFIND", path: "/thing" },
    { method: "PROPFIND", path: "/all" },
    { method: "PATCH", path: "/nested/inner" },
    { method: "PUT", path: "/mw-only/x" },
  ],
  X_TRACE,
);

compareSuite(
  "edge cases: falsy next()/throw values, long stacks, req.route, absolute-form and * targets",
  (app, factory) => {
    for (const [name, value] of Object.entries({ null: null, false: false, zero: 0, empty: "" })) {
      app.get(
        `/next/${name}`,
        (req, res, next) => next(value),
        (req, res) => res.send(`continued after next(${name})`),
      );
      app.get(`/throw/${name}`, () => {
        throw value;
      });
      app.get(`/reject/${name}`, () => Promise.reject(value));
    }
    app.get("/throw/undefined", () => {
      throw undefined;
    });
    app.get("/throw/string", () => {
      throw "thrown string";
    });
    app.get("/resolve-value", async (req, res, next) => {
      next();
      return "ignored";
    });
    app.get("/resolve-value", (req, res) => res.send("resolved value ignored"));
    app.get("/only-error-handler", (err, req, res, next) => res.send("never"));
    app.get("/many", ...Array.from({ length: 1500 }, (_, i) => (req, res, next) => next()), (req, res) => res.send("deep route"));
    for (let i = 0; i < 1500; i++) app.use("/many-mw", (req, res, next) => next());
    app.use("/many-mw", (req, res) => res.send("deep stack"));
    app.get("/route-info/:id", (req, res) => res.json({ path: req.route.path, methods: Object.keys(req.route.methods), stack: req.route.stack.length }));
    app
      .route("/head-all")
      .all(step("all"))
      .get((req, res) => res.send("get"));
    app.use(async (err, req, res, next) => {
      if (err.message === "async-handler") throw new Error("from async error handler");
      next(err);
    });
    app.get("/async-error-handler", (req, res, next) => next(new Error("async-handler")));
    app.use((err, req, res, next) => res.status(500).send(`last handler: ${err.message}`));

    const re = factory.Router({ mergeParams: true });
    re.get(/^\/(\d+)$/, (req, res) => res.json(req.params));
    app.use(/^\/re(\d+)/, re);

    app.use("/abs", (req, res, next) => {
      trace(res, `abs:${req.url}|${req.path}|${req.baseUrl}|${req.originalUrl}`);
      next();
    });
    app.get("/abs/x", (req, res) => res.send(`abs route ${req.url}`));
    app.use((req, res, next) => {
      trace(res, `any:${req.url}`);
      next();
    });
  },
  [
    "/next/null",
    "/next/false",
    "/next/zero",
    "/next/empty",
    "/throw/null",
    "/throw/false",
    "/throw/zero",
    "/throw/empty",
    "/throw/undefined",
    "/throw/string",
    "/reject/null",
    "/reject/false",
    "/reject/zero",
    "/reject/empty",
    "/resolve-value",
    "/only-error-handler",
    "/many",
    "/many-mw/x",
    "/route-info/1",
    { method: "HEAD", path: "/head-all" },
    "/head-all",
    "/async-error-handler",
    "/re12/34",
    { path: "http://example.com/abs/x?y=1" },
    { path: "http://example.com/abs" },
    { path: "http://example.com" },
    { path: "*", method: "OPTIONS" },
    { path: "*", method: "GET" },
  ],
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

describe("odd handler results and URL rewrites match Express 5", () => {
  // Express's router warns (depd, once) that a Promise-like handler result is deprecated: a
  // "deprecation" listener takes that warning instead of stderr; any other one still prints.
  const onDeprecation = (warning) => {
    if (!/handlers that are Promise-like are deprecated/.test(warning.message)) console.warn(warning);
  };
  beforeAll(() => process.on("deprecation", onDeprecation));
  afterAll(() => process.off("deprecation", onDeprecation));
  let d;
  beforeAll(async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    d = await differential(
      (app) => {
        app.get("/thenable", () => ({
          then() {
            throw new Error("then() throws");
          },
        }));
        // calls its callback without checking it: router 2.3 passes a no-op, not undefined
        app.get("/eager-thenable", (req, res, next) => ({
          then(onFulfilled) {
            onFulfilled();
            next();
          },
        }));
        app.get("/null-proto-error", (req, res, next) => next(Object.create(null)));
        app.use("/params", (req, res, next) => next());
        app.use((req, res, next) => {
          if (req.path === "/params-plain") res.set("x-params-proto", String(Object.getPrototypeOf(req.params) === Object.prototype));
          next();
        });
        app.use("/to", (req, res, next) => {
          req.url = "?q=1";
          next();
        });
        app.use((req, res) => res.json({ reached: req.url }));
      },
      { extraHeaders: ["x-params-proto"] },
    );
  });
  afterAll(() => {
    vi.restoreAllMocks();
    return d.close();
  });

  for (const path of ["/thenable", "/eager-thenable", "/null-proto-error", "/params-plain", "/to/"]) {
    it(`GET ${path}`, async () => {
      const [expected, actual] = await d.both({ path });
      expect(actual).toEqual(expected);
    });
  }

  it("keeps serving after a thenable whose then() throws", async () => {
    await d.both({ path: "/thenable" });
    const [, actual] = await d.both({ path: "/params-plain" });
    expect(actual.status).toBe(200);
  });
});

// ---- issue 13: what real Express apps still tripped on ------------------------------

// method-override (and any `req.method = ...`) changes the method later layers route on.
compareSuite(
  "a middleware that changes req.method reroutes later layers, in every router",
  (app, factory) => {
    app.use(methodOverride("_method"));
    app.use((req, res, next) => {
      if (req.headers["x-force"]) req.method = req.headers["x-force"];
      next();
    });
    const show = (name) => (req, res) => res.json({ name, method: req.method, originalMethod: req.originalMethod ?? null });
    app.delete("/items/:id", show("delete"));
    app.put("/items/:id", show("put"));
    app.post("/items/:id", show("post"));
    const router = factory.Router();
    router.use((req, res, next) => {
      if (req.query.inner) req.method = req.query.inner;
      next();
    });
    router.patch("/x", show("inner-patch"));
    router.get("/x", show("inner-get"));
    app.use("/r", router);
  },
  [
    { method: "POST", path: "/items/5?_method=DELETE" },
    { method: "POST", path: "/items/5?_method=PUT" },
    { method: "POST", path: "/items/5" },
    { method: "GET", path: "/items/5", headers: { "x-force": "DELETE" } },
    { method: "POST", path: "/items/5", headers: { "x-force": "OPTIONS" } },
    { method: "GET", path: "/r/x?inner=PATCH" },
    { method: "POST", path: "/r/x?inner=GET" },
    { method: "GET", path: "/r/x" },
  ],
);

compareSuite(
  "absolute-form targets: req.path is the path the router matches",
  (app) => {
    // A guard on req.path must see what the router sees, or it can be bypassed.
    app.use((req, res, next) => (req.path.startsWith("/public/") ? next() : res.status(403).send("guarded " + req.path)));
    app.get("/public/*rest", where("public"));
    app.get("/a/../public/", where("dotdot"));
    app.get("/", where("root"));
    app.use((req, res) => res.status(404).json({ path: req.path, url: req.url }));
  },
  [
    "http://h/a/../public/",
    "http://h/a/%2e%2e/public/",
    "http://h/a\\..\\public/x",
    "http://h/public/x",
    "http://h/public/x?y=1",
    "http://host",
    "http://host?x=1",
    "HTTP://H/public/A",
    "http://u@h:80/public/p",
  ],
);

compareSuite(
  "an absolute-form target with no path routes as /",
  (app) => {
    app.get("/", where("root"));
    app.get("/t", where("t"));
    app.use((req, res) => res.status(404).json({ path: req.path }));
  },
  ["http://host", "http://host?a=1", "http://t", "http://host/t"],
);

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
    app.get("/via-layer", (req, res, next) => app.router.stack.find((layer) => layer.route?.path === "/").handle(req, res, next));
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
    app.get("/router-keys", (req, res) => res.json({ app: Object.keys(app.router).sort(), inner: Object.keys(inner).sort() }));
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

describe("the automatic OPTIONS answer", () => {
  let d;
  beforeAll(async () => {
    d = await differential((app, factory) => {
      const router = factory.Router();
      router.use((req, res, next) => {
        if (req.headers["x-early"]) res.writeHead(200, { "content-type": "text/plain" }).write("early ");
        next();
      });
      router.get("/thing", (req, res) => res.send("get"));
      router.post("/thing", (req, res) => res.send("post"));
      app.use(router);
      app.use((err, req, res, next) => {
        res.end(`error reached: ${err.code}`);
      });
    });
  });
  afterAll(() => d.close());

  it("answers with Allow when nothing else did", async () => {
    const [expected, actual] = await d.both({ method: "OPTIONS", path: "/thing" });
    expect(actual).toEqual(expected);
    expect(actual.headers.allow).toBe("GET, HEAD, POST");
  });

  it("passes the error to next(err) when headers were already sent", async () => {
    const [expected, actual] = await d.both({ method: "OPTIONS", path: "/thing", headers: { "x-early": "1" } });
    expect(actual.body).toBe(expected.body);
    expect(actual.body).toBe("early error reached: ERR_HTTP_HEADERS_SENT");
  });
});

describe("Router and Route used on their own, as with router 2", () => {
  const Router = Server.Router;
  const ExpressRouter = express.Router;

  // Runs `router.handle(req, {}, cb)` with a hand-made request; resolves with what happened.
  const outcome = (router, req) =>
    new Promise((resolve) => {
      try {
        router.handle(req, {}, (err) => resolve({ called: true, err: err ? String(err.message ?? err) : null, baseUrl: req.baseUrl }));
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

  it("exposes Route as Router.Route, and Route#dispatch runs a route's handlers", async () => {
    expect(typeof Router.Route).toBe("function");
    for (const R of [ExpressRouter, Router]) {
      const route = new R.Route("/p");
      const calls = [];
      route.get((req, res, next) => {
        calls.push("get1");
        next();
      });
      route.post(() => calls.push("post"));
      route.get((req, res, next) => {
        calls.push("get2");
        next(new Error("boom"));
      });
      route.all((req, res, next) => {
        calls.push("never: not an error handler");
        next();
      });
      route.all((err, req, res, next) => {
        calls.push("error " + err.message);
        next("route");
      });
      const req = { method: "HEAD", url: "/p" };
      const doneWith = await new Promise((resolve) => route.dispatch(req, {}, (err) => resolve(err)));
      expect({ calls, doneWith, isRoute: req.route === route }).toEqual({
        calls: ["get1", "get2", "error boom"],
        doneWith: undefined,
        isRoute: true,
      });
    }
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
