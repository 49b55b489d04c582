// The Express 4 mode's router (src/express4/router.js, route.js): the same apps on express@4
// and on lib-server's Express 4 mode, request by request — every path-to-regexp 0.1 form,
// params, app.param / router.param (with Express 4's custom param definitions), OPTIONS,
// HEAD, next("router"), argument errors — with and without the radix tree (a router of more
// than a few routes gets one); and the stack Express 4 tools read off app._router, edit in
// place and copy between apps.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import express4 from "express4";
import express from "../../src/express4/index.js";
import { compareSuite, comparable, trace, step, X_TRACE } from "../helpers/compare.js";
import { startPair } from "../helpers/server.js";
import { expectConsoleErrors } from "../helpers/logs.js";
import { lookup } from "../../src/router/chain-index.js";
import { PATH_FORMS } from "./path-forms.js";

// Errors the apps provoke, logged by the final handlers; deprecation warnings, which depd
// emits as process events while someone listens instead of printing them
// (application.test.js compares them).
expectConsoleErrors(/param threw|Failed to decode param/);
const onDeprecation = () => {};
beforeAll(() => process.on("deprecation", onDeprecation));
afterAll(() => process.off("deprecation", onDeprecation));

const EXPRESS4 = { reference: express4, subject: express, ...X_TRACE };

// What a route answers: which route, its params as Express 4 reports them (an optional
// key that did not match is there as undefined: listed in `keys`), and where it is mounted.
const answer = (req, res) =>
  res.json({
    route: String(req.route.path),
    params: req.params,
    keys: Object.keys(req.params),
    baseUrl: req.baseUrl,
  });

const FORMS = [
  ...PATH_FORMS,
  "/static/page",
  "/users/:name",
  /^\/re\/(\d+)\/(?<slug>\w+)$/,
  ["/arr/:a", "/list/:b"],
  "*",
];

const REQUESTS = [
  "/users/42",
  "/users/42/",
  "/users/tj",
  "/USERS/tj",
  "/users/%E2%82%AC",
  "/users/%E0%A4%A",
  "/global/x",
  "/flow/x",
  "/acd",
  "/abcd",
  "/abbbcd",
  "/abe",
  "/abcde",
  "/7/push",
  "/7/push/",
  "/7/push/a/b",
  "/endpoint",
  "/endpointX/y",
  "/files/notes/groceries.txt",
  "/user/tj",
  "/user/tj/edit",
  "/post/1",
  "/post/1.json",
  "/static/page",
  "/Static/Page/",
  "/re/12/abc",
  "/arr/1",
  "/list/2",
  "/nothing/else",
  "/a//b",
  "/users/42?x=1",
];

const withForms = (app, forms) => {
  for (const form of forms) app.get(form, answer);
};

// 15 routes: the router indexes them in its radix tree; 3: it walks them all.
compareSuite("every path form, with the radix tree", (app) => withForms(app, FORMS), REQUESTS, EXPRESS4);
it("narrows a large router's candidates with the radix tree: plain paths in it, the others always candidates", () => {
  const app = express();
  withForms(app, FORMS);
  // the routes' positions in FORMS (the stack starts with Express 4's two middleware)
  const positions = (path) => lookup(app._router, path).chain.map((entry) => entry.position - 2);
  const fancy = FORMS.flatMap((form, i) => (app._router.stack[i + 2].shapes === null ? [i] : []));
  expect(fancy).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 14]);
  expect(positions("/users/tj")).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14]);
  expect(positions("/static/page")).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14]);
});

compareSuite(
  "path forms in a small router (no tree)",
  (app) => withForms(app, ["/ab?cd", "/users/:id(\\d+)", "/files/:file(*)"]),
  ["/abcd", "/acd", "/users/1", "/users/x", "/files/a/b", "/files/"],
  EXPRESS4,
);

compareSuite(
  "routing options",
  (app, factory) => {
    const strict = factory.Router({ strict: true, caseSensitive: true });
    strict.get("/Dir/", answer);
    strict.get("/file", answer);
    app.use("/strict", strict);
    app.enable("strict routing");
    app.get("/s/", answer);
    app.get("/t", answer);
  },
  ["/strict/Dir/", "/strict/Dir", "/strict/dir/", "/strict/file", "/strict/file/", "/s/", "/s", "/t", "/t/"],
  EXPRESS4,
);

compareSuite(
  "middleware mount paths",
  (app, factory) => {
    const mounted = (req, res) => res.json({ url: req.url, baseUrl: req.baseUrl, params: req.params });
    app.use("/api/:version", mounted);
    app.use("/files*", mounted);
    app.use(/^\/re/, mounted);
    app.use(["/one", "/two"], mounted);
    app.use("/slash/", mounted);
    const inner = factory.Router({ mergeParams: true });
    inner.get("/:item", answer);
    inner.get("/*", answer);
    app.use("/shop/:shop", inner);
    app.use("*", mounted);
  },
  [
    "/api/v1/users",
    "/api/v1",
    "/files/a/b",
    "/filesystem",
    "/re.json",
    "/re/x",
    "/two/x",
    "/slash",
    "/slash//x",
    "/shop/s1/i2",
    "/shop/s1/a/b",
    "/elsewhere/x",
  ],
  EXPRESS4,
);

compareSuite(
  "app.param: values, arrays, custom definitions, ':name'",
  (app, factory) => {
    // Express 4's app.param(fn): a function that turns (name, arg) into the callback
    app.param((name, arg) => {
      if (!(arg instanceof RegExp)) return undefined;
      return (req, res, next, value) => (arg.test(value) ? next() : next("route"));
    });
    app.param("id", /^\d+$/);
    app.param(["a", "b"], (req, res, next, value, name) => {
      trace(res, `${name}=${value}`);
      next();
    });
    app.param(":upper", (req, res, next, value) => {
      req.params.upper = value.toUpperCase();
      next();
    });
    app.get("/id/:id", answer);
    app.get("/id/:other", answer);
    app.get("/ab/:a/:b/:a", answer);
    app.get("/up/:upper", answer);
    const router = factory.Router();
    router.param("x", (req, res, next, value) => {
      if (value === "throw") throw new Error("param threw");
      next();
    });
    router.get("/r/:x", answer);
    app.use(router);
  },
  ["/id/123", "/id/abc", "/ab/1/2/3", "/up/shout", "/r/ok", "/r/throw"],
  EXPRESS4,
);

compareSuite(
  "OPTIONS, HEAD and next('router')",
  (app, factory) => {
    app.put("/o", answer);
    app.get("/o", answer);
    app.delete("/o", answer);
    app.post("/o", answer);
    app.get("/o/:x", answer);
    app.post("/h", answer);
    const router = factory.Router();
    router.use(step("in router"), (req, res, next) => next("router"));
    router.get("/leave", answer);
    app.use(router);
    app.get("/leave", step("after router"), (req, res) => res.send("left"));
  },
  [
    { method: "OPTIONS", path: "/o" },
    { method: "OPTIONS", path: "/o/1" },
    { method: "OPTIONS", path: "/none" },
    { method: "HEAD", path: "/o" },
    { method: "HEAD", path: "/h" },
    "/leave",
  ],
  EXPRESS4,
);

// node-red's way of removing a flow's routes: splicing them out of app._router.stack, or
// filtering it into a new array, between requests.
for (const extraRoutes of [0, 12]) {
  compareSuite(
    `a stack edited in place, ${extraRoutes ? "with" : "without"} a radix tree`,
    (app) => {
      for (let i = 0; i < extraRoutes; i++) app.get(`/extra${i}/:id`, answer);
      app.get("/x/:id", answer);
      app.get("/y/:id", answer);
      app.post("/remove", (req, res) => {
        const { stack } = app._router;
        stack.splice(
          stack.findIndex((layer) => layer.route?.path === "/x/:id"),
          1,
        );
        res.end();
      });
      app.post("/filter", (req, res) => {
        app._router.stack = app._router.stack.filter((layer) => layer.route?.path !== "/y/:id");
        res.end();
      });
    },
    ["/x/1", "/y/1", { method: "POST", path: "/remove" }, "/x/1", "/y/1", { method: "POST", path: "/filter" }, "/y/1"],
    EXPRESS4,
  );
}

describe("argument errors, as Express 4 words them", () => {
  const errorOf = (fn) => {
    try {
      fn();
    } catch (err) {
      return `${err.constructor.name}: ${err.message}`;
    }
    return "no error";
  };
  const calls = [
    (app) => app.get("/", undefined),
    (app) => app.get("/", "text"),
    (app) => app.all("/", {}),
    (app) => app.route("/").all(null),
    (app) => app.route("/").post([() => {}, 42]),
    (app) => app.get("/"),
    (app) => app.route("/").get(),
    (app) => app.use(),
    (app) => app.use("/"),
    (app) => app.use("/", "text"),
    (app) => app.use("/", null),
    (app) => app.use([]),
    (app) => app.use(new Date()),
    (app) => app.param("id", "text"),
    (app) => app.param("id"),
    (app) => app.get(42, () => {}),
    (app) => app.get("/:id(", () => {}),
  ];
  for (const [i, call] of calls.entries()) {
    it(`${call.toString().replace(/^\(app\) => /, "")}`, () => {
      expect(
        errorOf(() => call(express())),
        `call ${i}`,
      ).toBe(errorOf(() => call(express4())));
    });
  }

  it("takes a router's handle() without a callback when a handler answers", async () => {
    for (const factory of [express4, express]) {
      const router = factory.Router();
      router.get("/", (req, res) => res.end("done"));
      const ended = await new Promise((resolve) => router.handle({ url: "/", method: "GET" }, { end: resolve }));
      expect(ended).toBe("done");
    }
  });
});

describe("app._router.stack, as Express 4 tools read it", () => {
  const build = (app, factory) => {
    app.use(function logger(req, res, next) {
      next();
    });
    app.use("/api", factory.Router());
    app.get("/users/:id", function show(req, res) {
      res.end();
    });
    app.route("/items/:a/:b?").get(answer).post(answer).all(answer);
    app.get("*", answer);
    app.use("/static", factory.static("."));
  };
  const stackOf = (factory) => {
    const app = factory();
    build(app, factory);
    return app._router.stack;
  };
  const described = (layer) => ({
    fields: Object.keys(layer),
    name: layer.name,
    keys: layer.keys,
    regexp: [layer.regexp.source, layer.regexp.flags, layer.regexp.fast_slash, layer.regexp.fast_star],
    route: layer.route && {
      fields: Object.keys(layer.route),
      path: layer.route.path,
      methods: layer.route.methods,
      options: layer.route._options(),
      handlesPost: layer.route._handles_method("POST"),
      handlesHead: layer.route._handles_method("HEAD"),
      stack: layer.route.stack.map((entry) => ({ method: entry.method, name: entry.name, keys: entry.keys })),
    },
    isRouter: typeof layer.handle.stack === "object",
  });

  it("has Express 4's layers and routes, from its query and expressInit middleware on", () => {
    expect(stackOf(express).map(described)).toEqual(stackOf(express4).map(described));
    expect(stackOf(express4)[1].name).toBe("expressInit");
  });

  it("copies into another app as Express 4's do (an app's own layers from stack[2] on)", async () => {
    const pair = await startPair(
      (app, factory) => {
        const source = factory();
        source.get("/copied/:id", answer);
        app.use(step("first"));
        for (const layer of source._router.stack.slice(2)) app._router.stack.push(layer);
      },
      { reference: express4, subject: express },
    );
    try {
      const [theirs, ours] = await pair.both("/copied/7");
      expect(comparable(ours, ["x-trace"])).toEqual(comparable(theirs, ["x-trace"]));
      expect(theirs.status).toBe(200);
    } finally {
      await pair.close();
    }
  });

  it("sets a layer's params and path on a match, as Express 4's Layer#match does", () => {
    const [ours, theirs] = [express, express4].map((factory) => stackOf(factory)[4]);
    for (const layer of [ours, theirs]) layer.match("/users/7");
    expect([ours.params, ours.path]).toEqual([theirs.params, theirs.path]);
    expect(ours.params).toEqual({ id: "7" });
  });

  it("exports Express 4's Router and Route: methods on the Router function, routers inheriting it", () => {
    const router = express.Router();
    expect(Object.getPrototypeOf(router)).toBe(express.Router);
    expect(express.Router.prototype.constructor.param).toBe(router.param);
    expect(router.route("/x")).toBeInstanceOf(express.Route);
    expect(Object.keys(router).sort()).toEqual(Object.keys(express4.Router()).sort());
  });
});
