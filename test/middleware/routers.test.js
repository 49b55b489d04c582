// Routers (Server.Router() / express.Router()) carrying third-party middleware: each
// router's middleware runs only for its mount, sees the mount-relative req.url with the
// full req.originalUrl, and its errors reach the router's own error middleware.
import { it, expect } from "vitest";
import express from "express";
import cors from "cors";
import helmet from "helmet";
import morgan from "morgan";
import cookieParser from "cookie-parser";
import { rateLimit } from "express-rate-limit";
import { forEachMode, usePair, eventually } from "./harness.js";
import { view } from "../helpers/server.js";

const HEADERS = [
  "content-type",
  "content-length",
  "access-control-allow-origin",
  "access-control-allow-methods",
  "x-frame-options",
  "content-security-policy",
  "ratelimit",
  "set-cookie",
  "retry-after",
  "allow",
  "vary",
];

function build(app, factory) {
  const log = [];
  app.set("trust proxy", "loopback");

  // /api: CORS, JSON bodies, request logging, its own error shape.
  const api = factory.Router();
  api.use(cors({ origin: "https://app.example", methods: ["GET", "POST"] }));
  api.use(morgan(":method :url :status", { stream: { write: (line) => log.push(line.trim()) } }));
  api.use(factory.json({ limit: "1kb" }));
  api.get("/where", (req, res) => res.json({ url: req.url, originalUrl: req.originalUrl, baseUrl: req.baseUrl }));
  api.post("/echo", (req, res) => res.status(201).json(req.body));

  // /api/users/:userId/...: a nested router sharing the parent's params.
  const posts = factory.Router({ mergeParams: true });
  posts.param("postId", (req, res, next, id) => {
    req.post = { id: Number(id), by: req.params.userId };
    next();
  });
  posts.get("/:postId", (req, res) => res.json({ post: req.post, params: req.params }));
  api.use("/users/:userId/posts", posts);
  // The parser's error object is part of the API: apps branch on type/status/expose.
  api.use((err, req, res, next) => {
    res.status(err.status ?? 500).json({
      type: err.type,
      message: err.message,
      expose: err.expose,
      statusCode: err.statusCode,
      limit: err.limit,
      length: err.length,
    });
  });
  app.use("/api", api);

  // /admin: helmet and a rate limit, only there.
  const admin = factory.Router();
  admin.use(helmet({ frameguard: { action: "deny" } }));
  admin.use(rateLimit({ windowMs: 60_000, limit: 1, standardHeaders: "draft-7", legacyHeaders: false }));
  admin.get("/", (req, res) => res.send("<h1>admin</h1>"));
  app.use("/admin", admin);

  // Cookies parsed by a router-level cookieParser, for that router only.
  const prefs = factory.Router();
  prefs.use(cookieParser());
  prefs.get("/", (req, res) => res.json(req.cookies));
  app.use("/prefs", prefs);
  app.get("/no-prefs", (req, res) => res.json({ cookies: req.cookies ?? null }));

  // A whole sub-app: it inherits "trust proxy", so the limiter raises no warning about
  // X-Forwarded-For and keys on the forwarded address.
  const codes = [];
  const record = (error) => codes.push(error.code ?? String(error));
  const sub = factory();
  sub.use(
    rateLimit({
      windowMs: 60_000,
      limit: 1,
      standardHeaders: "draft-7",
      legacyHeaders: false,
      logger: { warn: record, error: record },
    }),
  );
  sub.use(cookieParser("sub-secret"));
  sub.get("/who", (req, res) =>
    res
      .cookie("seen", "1", { signed: true })
      .json({ ip: req.ip, trust: req.app.get("trust proxy"), baseUrl: req.baseUrl }),
  );
  app.use("/sub", sub);

  // A Router and a whole app made by Express itself (some libraries hand those out),
  // mounted as they are.
  const foreignRouter = express.Router();
  foreignRouter.use(cors());
  foreignRouter.get("/item/:id", (req, res) =>
    res.json({ id: req.params.id, url: req.url, baseUrl: req.baseUrl, query: req.query }),
  );
  app.use("/foreign-router", foreignRouter);
  const foreignApp = express();
  foreignApp.use(express.json());
  foreignApp.post("/echo", (req, res) => res.json({ body: req.body, ownApp: req.app === foreignApp, ip: req.ip }));
  foreignApp.get("/fail", () => {
    throw Object.assign(new Error("conflict"), { status: 409 });
  });
  app.use("/foreign-app", foreignApp);

  app.get("/plain", (req, res) => res.send("plain"));
  return { log, codes };
}

const requests = {
  "router middleware sees mount-relative url": { path: "/api/where?x=1", headers: { origin: "https://app.example" } },
  "JSON body inside the router": {
    method: "POST",
    path: "/api/echo",
    headers: { "content-type": "application/json" },
    body: '{"a":[1,{"b":2}]}',
  },
  "malformed JSON reaches the router's error middleware": {
    method: "POST",
    path: "/api/echo",
    headers: { "content-type": "application/json" },
    body: "{oops",
  },
  "body over the router's limit": {
    method: "POST",
    path: "/api/echo",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ s: "x".repeat(2000) }),
  },
  "CORS preflight inside a router": {
    method: "OPTIONS",
    path: "/api/echo",
    headers: { origin: "https://app.example", "access-control-request-method": "POST" },
  },
  "nested router with mergeParams and router.param": { path: "/api/users/7/posts/42" },
  "helmet only under its router": { path: "/admin", headers: { "x-forwarded-for": "192.0.2.1" } },
  "outside every router: no CORS, no helmet": { path: "/plain", headers: { origin: "https://app.example" } },
  "router-level cookieParser": { path: "/prefs", headers: { cookie: "theme=dark; j=j%3A%5B1%5D" } },
  "no cookieParser outside its router": { path: "/no-prefs", headers: { cookie: "theme=dark" } },
  "404 inside a router falls through to the app": { path: "/api/nothing" },
  "sub-app: inherited trust proxy, its own cookie secret": {
    path: "/sub/who",
    headers: { "x-forwarded-for": "192.0.2.50" },
  },
  "an express.Router() with cors, mounted as is": {
    path: "/foreign-router/item/9?q=1",
    headers: { origin: "https://x.example" },
  },
  "an express() sub-app with express.json()": {
    method: "POST",
    path: "/foreign-app/echo",
    headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.60" },
    body: '{"n":1}',
  },
  "an express() sub-app's error reaches the parent's final handler": { path: "/foreign-app/fail" },
  "an express() sub-app's miss falls back to the parent": { path: "/foreign-app/none" },
};

forEachMode("routers carrying middleware", (mode) => {
  const pair = usePair(build, mode, { expectedErrors: /Error: conflict/ }); // Express logs the 409

  for (const [title, req] of Object.entries(requests)) {
    it(title, async () => {
      const [expected, actual] = await pair.both(req);
      expect(view(actual, HEADERS)).toEqual(view(expected, HEADERS));
    });
  }

  it("reports url, originalUrl and baseUrl as Express does", async () => {
    const [, actual] = await pair.both(requests["router middleware sees mount-relative url"]);
    expect(JSON.parse(actual.text)).toEqual({ url: "/where?x=1", originalUrl: "/api/where?x=1", baseUrl: "/api" });
    expect(actual.headers["access-control-allow-origin"]).toBe("https://app.example");
  });

  it("the router's limiter answers 429 on the second request", async () => {
    const req = { path: "/admin/", headers: { "x-forwarded-for": "192.0.2.2" } };
    await pair.both(req);
    const [expected, actual] = await pair.both(req);
    expect(actual.status).toBe(429);
    expect(view(actual, HEADERS)).toEqual(view(expected, HEADERS));
  });

  it("the router's morgan logs full original URLs, and only its own requests", async () => {
    const logs = [pair.express.context.log, pair.lib.context.log];
    for (const lines of logs) lines.length = 0;
    await pair.both({ path: "/api/users/1/posts/2?full=1" });
    await pair.both({ path: "/plain" });
    await eventually(() => logs.every((lines) => lines.length === 1));
    expect(logs[1]).toEqual(logs[0]);
    expect(logs[1]).toEqual(["GET /api/users/1/posts/2?full=1 200"]);
  });

  it("a mounted sub-app's limiter sees the forwarded IP and no misconfiguration", async () => {
    const [, first] = await pair.both({ path: "/sub/who", headers: { "x-forwarded-for": "192.0.2.51" } });
    const [expected, actual] = await pair.both({ path: "/sub/who", headers: { "x-forwarded-for": "192.0.2.51" } });
    expect(JSON.parse(first.text)).toEqual({ ip: "192.0.2.51", trust: "loopback", baseUrl: "/sub" });
    expect(actual.status).toBe(expected.status);
    expect(actual.status).toBe(429);
    expect(pair.lib.context.codes).toEqual(pair.express.context.codes);
    expect(pair.lib.context.codes).toEqual([]);
  });
});
