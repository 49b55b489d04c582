// A router's walk through its stack (src/router/dispatch.js), compared with Express 5
// request by request: ordering and next() semantics, errors, mounting, OPTIONS and HEAD,
// URL and method rewrites, and when the walk hands the request on.
import { vi, describe, it, expect, beforeAll, afterAll, afterEach } from "vitest";
import { compareSuite, differential, trace, step, X_TRACE, fail } from "../helpers/compare.js";
import express from "express";
import methodOverride from "method-override";
import Server from "../../src/index.js";
import { startPair } from "../helpers/server.js";

// Both frameworks log errors reaching the final handler; keep the output readable.
let consoleError;
beforeAll(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterAll(() => consoleError.mockRestore());

// What a handler sees of the URL, for mounting tests.
const where = (name) => (req, res) =>
  res.json({
    name,
    url: req.url,
    baseUrl: req.baseUrl,
    originalUrl: req.originalUrl,
    path: req.path,
    params: { ...req.params },
  });

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
  [
    "/throw",
    "/ok",
    "/reject",
    "/ok",
    "/next-after-end",
    "/nothing",
    { method: "POST", path: "/ok" },
    { method: "HEAD", path: "/nothing" },
  ],
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
    app.get("/many", ...Array.from({ length: 1500 }, (_, i) => (req, res, next) => next()), (req, res) =>
      res.send("deep route"),
    );
    for (let i = 0; i < 1500; i++) app.use("/many-mw", (req, res, next) => next());
    app.use("/many-mw", (req, res) => res.send("deep stack"));
    app.get("/route-info/:id", (req, res) =>
      res.json({ path: req.route.path, methods: Object.keys(req.route.methods), stack: req.route.stack.length }),
    );
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
          if (req.path === "/params-plain")
            res.set("x-params-proto", String(Object.getPrototypeOf(req.params) === Object.prototype));
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
  afterAll(() => d.close());

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

// method-override (and any `req.method = ...`) changes the method later layers route on.
compareSuite(
  "a middleware that changes req.method reroutes later layers, in every router",
  (app, factory) => {
    app.use(methodOverride("_method"));
    app.use((req, res, next) => {
      if (req.headers["x-force"]) req.method = req.headers["x-force"];
      next();
    });
    const show = (name) => (req, res) =>
      res.json({ name, method: req.method, originalMethod: req.originalMethod ?? null });
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
    app.use((req, res, next) =>
      req.path.startsWith("/public/") ? next() : res.status(403).send("guarded " + req.path),
    );
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

// When a router hands the request on (to its caller's next, or the final handler): at once
// when the layers left do not match, a tick later (setImmediate) after a next() from the
// stack's last layer, as router 2 does. Jest's fake timers hold back a setImmediate, so a
// 404 or an error page that Express sends under them must not wait for one here either.

const pass = (req, res, next) => next();

// Each builds a router; `req` is the hand-made request it gets.
const scenarios = {
  "a next() followed by routes for other paths": (router) => {
    router.use(pass);
    router.get("/other", pass);
  },
  "a next() from the stack's last layer": (router) => {
    router.get("/other", pass);
    router.use(pass);
  },
  "an empty router": () => {},
  "no layer matching": (router) => {
    router.get("/other", pass);
  },
  "a route with no handler for the method, last": (router) => {
    router.use(pass);
    router.post("/x", pass);
  },
  "a HEAD request on a route without GET, last (router 2 enters it)": (router) => {
    router.use(pass);
    router.post("/x", pass);
  },
  "a route calling next(), last": (router) => {
    router.get("/x", pass);
  },
  "an error, then routes (they skip errors)": (router) => {
    router.use((req, res, next) => next(new Error("boom")));
    router.get("/x", pass);
  },
  "an error, then a plain middleware last (router 2 enters it)": (router) => {
    router.use((req, res, next) => next(new Error("boom")));
    router.use(pass);
  },
  "an error handler last with no error (router 2 enters it)": (router) => {
    router.use(pass);
    router.use((err, req, res, next) => next(err));
  },
  "next('router')": (router) => {
    router.use((req, res, next) => next("router"));
    router.get("/x", pass);
  },
  "a param callback, then a route calling next()": (router) => {
    router.param("id", (req, res, next) => next());
    router.get("/:id", pass);
    router.get("/nothing/here", pass);
  },
};

// Whether `router.handle` handed the request on before returning, and with what.
function handOff(Router, name, method) {
  const router = Router();
  scenarios[name](router);
  return new Promise((resolve) => {
    let returned = false;
    router.handle({ method, url: "/x" }, {}, (err) =>
      resolve({ atOnce: !returned, err: err ? String(err.message ?? err) : null }),
    );
    returned = true;
  });
}

describe("leaving a router matches router 2's timing", () => {
  for (const name of Object.keys(scenarios)) {
    const method = name.startsWith("a HEAD") ? "HEAD" : "GET";
    it(name, async () => {
      const expected = await handOff(express.Router, name, method);
      expect(await handOff(Server.Router, name, method)).toEqual(expected);
    });
  }
});

describe("the final handler's answer under fake timers, as Express's", () => {
  afterEach(() => vi.useRealTimers());

  it("sends a 404 and an error page without a timer, and code after next() still sees an open response", async () => {
    const seen = [];
    const pair = await startPair((app) => {
      const side = [];
      seen.push(side);
      app.use((req, res, next) => {
        next();
        side.push(res.headersSent);
      });
      app.use("/late", async (req, res, next) => {
        await new Promise((resolve) => setTimeout(resolve, 20)); // the request is complete by then
        next();
        side.push(res.headersSent);
      });
      app.get("/fail", (req, res, next) => next(Object.assign(new Error("nope"), { status: 409 })));
      app.get("/other", (req, res) => res.send("other"));
    });
    try {
      vi.useFakeTimers({ toFake: ["setImmediate", "queueMicrotask"] }); // Jest fakes these (and nextTick, which this pool cannot)
      for (const path of ["/missing", "/fail", "/late"]) {
        const [reference, lib] = await pair.both(path);
        expect([lib.status, lib.text]).toEqual([reference.status, reference.text]);
      }
      expect(seen[0]).toHaveLength(4);
      expect(seen[1]).toEqual(seen[0]);
    } finally {
      vi.useRealTimers();
      await pair.close();
    }
  });
});
