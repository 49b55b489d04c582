import { describe, it, expect, afterAll, beforeAll } from "vitest";
import http from "node:http";
import { inspect } from "node:util";
import express from "express";
import Server from "../src/index.js";
import { compareSuite, differential } from "./helpers/compare.js";
import { expectConsoleErrors } from "./helpers/logs.js";

describe("routing order and errors match Express 5", () => {
  // Both log /async's error; Express also logs the 4xx ones (/err, /users/%E0).
  expectConsoleErrors(/Error: (teapot|async boom)|URIError: Failed to decode param/);
  let d;
  beforeAll(async () => {
    d = await differential(
      (app) => {
        app.get("/", (req, res) => res.send("home"));
        app.get("/users/:id", (req, res) => res.json({ id: req.params.id, page: req.query.page }));
        app.get("/users/new", (req, res) => res.send("new"));
        app.use((req, res, next) => {
          res.set("x-hello", "1");
          next();
        });
        app.get("/after", (req, res) => res.send(String(res.get("x-hello"))));
        app.get("/err", () => {
          throw Object.assign(new Error("teapot"), { status: 418 });
        });
        app.get("/async", async () => {
          throw new Error("async boom");
        });
      },
      { extraHeaders: ["x-hello"] },
    );
  });
  afterAll(() => d.close());

  for (const path of [
    "/",
    "/users/5?page=2",
    "/users/new",
    "/after",
    "/nope",
    "/err",
    "/async",
    "/users/%E0",
    "/USERS/7/",
    "/users//",
    "//",
  ]) {
    it(`GET ${path}`, async () => {
      const [expected, actual] = await d.both({ path });
      expect(actual).toEqual(expected);
    });
  }
  it("HEAD falls back to GET without a body", async () => {
    const [expected, actual] = await d.both({ method: "HEAD", path: "/users/1" });
    expect(actual).toEqual(expected);
  });
});

describe("sub-apps: mountpath, req.app, settings inheritance, app.path()", () => {
  const report = (name) => (req, res) =>
    res.json({
      name,
      app: req.app.locals.name,
      resApp: res.app.locals.name,
      url: req.url,
      baseUrl: req.baseUrl,
      originalUrl: req.originalUrl,
      mountpath: req.app.mountpath,
      path: req.app.path(),
      jsonSpaces: req.app.get("json spaces") ?? null,
      trustsProxy: req.ip,
      protocol: req.protocol,
      helper: typeof req.helper,
      adminOnly: typeof req.adminOnly,
      adminOnlyRes: typeof res.adminOnly,
      ownKeysShowApp: Object.keys(req).includes("app") || Object.keys(res).includes("app"),
    });

  for (const useListen of [false, true]) {
    compareSuite(
      `mounted apps ${useListen ? "(app.listen)" : "(http.createServer)"}`,
      (app, factory) => {
        app.locals.name = "root";
        app.set("json spaces", 1);
        app.set("trust proxy", true);
        app.request.helper = () => "from root";

        const blog = factory();
        blog.locals.name = "blog";
        const admin = factory();
        admin.locals.name = "admin";
        admin.set("trust proxy", false);
        admin.set("json spaces", 4);
        // Prototypes of its own: entering admin switches them (blog only shadows `app`).
        admin.request.adminOnly = () => "admin";
        admin.response.adminOnly = () => "admin";

        blog.get("/", report("blog-root"));
        blog.get("/post/:id", report("blog-post"));
        blog.get("/fail", (req, res, next) => next(Object.assign(new Error("blog"), { status: 409 })));
        blog.use((req, res, next) => {
          res.setHeader("x-left-blog", req.app.locals.name);
          next();
        });
        admin.get("/", report("admin-root"));
        const deep = factory();
        deep.locals.name = "deep";
        deep.get("/", report("deep-root"));
        admin.use("/deep", deep);
        admin.use((err, req, res, next) => res.status(500).send(`admin handled ${err.message}`));
        admin.get("/throw", () => {
          throw new Error("admin error");
        });
        blog.use("/admin", admin);
        app.use(["/blog", "/news"], blog);
        app.use("/blog", report("after-blog"));
        app.use((err, req, res, next) =>
          res.status(err.status ?? 500).json({ caughtBy: req.app.locals.name, message: err.message }),
        );
      },
      [
        "/blog",
        "/blog/",
        "/blog/post/7?x=1",
        "/news/post/8",
        "/blog/fail",
        "/blog/missing",
        "/blog/admin",
        "/blog/admin/throw",
        "/blog/admin/missing",
        "/blog/admin/deep",
        "/news/admin/deep/missing",
        { path: "/blog/post/1", headers: { "x-forwarded-for": "9.9.9.9", "x-forwarded-proto": "https" } },
        { path: "/blog/admin", headers: { "x-forwarded-for": "9.9.9.9", "x-forwarded-proto": "https" } },
        "/elsewhere",
      ],
      { extraHeaders: ["x-left-blog"], useListen },
    );
  }

  it("mount event, parent and mountpath match Express", () => {
    const shape = (factory) => {
      const parent = factory();
      const child = factory();
      const grandchild = factory();
      const seen = [];
      child.on("mount", (p) => seen.push(p === parent));
      child.use("/gc", grandchild);
      parent.use("/child", child);
      return {
        seen,
        parentIsParent: child.parent === parent,
        mountpath: child.mountpath,
        rootMountpath: parent.mountpath,
        path: grandchild.path(),
        rootPath: parent.path(),
        inherits: (parent.set("custom", 5), grandchild.get("custom")),
        own: (child.set("custom", 6), [parent.get("custom"), child.get("custom"), grandchild.get("custom")]),
      };
    };
    expect(shape(Server)).toEqual(shape(express));
  });

  it("new Server() and Server() both make apps", () => {
    for (const app of [new Server(), Server()]) {
      expect(typeof app).toBe("function");
      expect(typeof app.get).toBe("function");
      expect(typeof app.listen).toBe("function");
      expect(app.get("etag")).toBe(express().get("etag"));
      expect(app.get("query parser")).toBe(express().get("query parser"));
      expect(app.get("subdomain offset")).toBe(express().get("subdomain offset"));
      expect(app.get("jsonp callback name")).toBe(express().get("jsonp callback name"));
      // Deliberate difference: lib-server leaves X-Powered-By off by default.
      expect(app.enabled("x-powered-by")).toBe(false);
      expect(app.get("trust proxy")).toBe(false);
    }
  });

  it("app.set/get/enable/disable/enabled/disabled", () => {
    const run = (app) => {
      const chained = app.set("a", 1) === app && app.enable("b") === app && app.disable("c") === app;
      return [
        chained,
        app.get("a"),
        app.enabled("b"),
        app.disabled("c"),
        app.enabled("nope"),
        app.disabled("nope"),
        app.set("a"),
      ];
    };
    expect(run(Server())).toEqual(run(express()));
  });

  it("app.locals has a null prototype and holds settings", () => {
    const app = Server();
    expect(Object.getPrototypeOf(app.locals)).toBe(Object.getPrototypeOf(express().locals));
    expect(app.locals.settings).toBe(app.settings);
  });
});

compareSuite(
  "settings read at request time",
  (app, factory) => {
    app.get("/late", (req, res) => res.json({ a: "<" }));
    app.set("json escape", true);
    app.set("json spaces", 3);
    app.disable("x-powered-by");
    const router = factory.Router({ caseSensitive: true, strict: true });
    router.get("/Exact/", (req, res) => res.send("exact"));
    app.use("/r", router);
  },
  ["/late", "/r/Exact/", "/r/exact/", "/r/Exact"],
  { extraHeaders: ["x-powered-by"] },
);

for (const useListen of [false, true]) {
  compareSuite(
    `representative app ${useListen ? "via app.listen()" : "via http.createServer(app)"}`,
    (app, factory) => {
      app.disable("x-powered-by");
      app.use((req, res, next) => {
        res.locals.start = "yes";
        next();
      });
      const api = factory.Router();
      api.get("/items/:id", (req, res) =>
        res.json({ id: req.params.id, q: req.query, locals: res.locals, ip: req.ip, host: req.hostname }),
      );
      api.post("/items", (req, res) => res.status(201).location("/api/items/1").send("created"));
      app.use("/api", api);
      app.get("/redirect", (req, res) => res.redirect(301, "/api/items/1"));
      app.get("/fail", async () => {
        throw Object.assign(new Error("nope"), { status: 400 });
      });
    },
    [
      { path: "/api/items/5?x=1&x=2", headers: { host: "h.test" } },
      { method: "POST", path: "/api/items", headers: { "content-type": "text/plain" }, body: "x" },
      { method: "OPTIONS", path: "/api/items" },
      { method: "HEAD", path: "/api/items/1", headers: { host: "h.test" } },
      "/redirect",
      "/fail",
      "/missing",
    ],
    { useListen, expectedErrors: /Error: nope/ }, // Express logs /fail's 400
  );
}

describe("extending the shared request/response prototypes", () => {
  const added = [];
  afterAll(() => {
    for (const [proto, key] of added) delete proto[key];
  });

  for (const useListen of [false, true]) {
    compareSuite(
      `factory.request / factory.response and app.request ${useListen ? "(app.listen)" : "(http.createServer)"}`,
      (app, factory) => {
        factory.request.shout = function shout() {
          return this.path.toUpperCase();
        };
        factory.response.ok = function ok(body) {
          return this.status(200).json({ ok: body });
        };
        app.response.mine = function mine() {
          return this.send("app-level");
        };
        added.push([factory.request, "shout"], [factory.response, "ok"]);
        app.get("/shout", (req, res) => res.ok(req.shout()));
        app.get("/mine", (req, res) => res.mine());
        // what loggers print of them: Node's class names
        app.get("/classes", (req, res) =>
          res.json({
            req: req instanceof http.IncomingMessage,
            res: res instanceof http.ServerResponse,
            names: [
              req.constructor.name,
              res.constructor.name,
              inspect(req, { depth: -1 }),
              inspect(res, { depth: -1 }),
            ],
          }),
        );
      },
      ["/shout", "/mine", "/classes"],
      { useListen },
    );
  }
});
