// A realistic app: helmet, morgan, compression, cors, cookie-parser, Server.json(),
// Server.urlencoded(), express-session, express-rate-limit and static files in one stack.
// A browser logs in with a form, reads its profile gzipped, streams events and logs out;
// every step must look the same as on Express 5.
import { it, expect, beforeAll, afterAll } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import helmet from "helmet";
import morgan from "morgan";
import compression from "compression";
import cors from "cors";
import cookieParser from "cookie-parser";
import session from "express-session";
import { rateLimit } from "express-rate-limit";
import { forEachMode, usePair, browser, eventually } from "./harness.js";

const STYLES = "body { color: #333; margin: 0 auto; }\n".repeat(80);
const HEADERS = [
  "content-type",
  "content-length",
  "content-encoding",
  "vary",
  "location",
  "access-control-allow-origin",
  "access-control-allow-credentials",
  "x-content-type-options",
  "cache-control",
  "ratelimit",
];

let dir;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "mw-stack-"));
  fs.writeFileSync(path.join(dir, "site.css"), STYLES);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function build(app, factory) {
  const log = [];
  app.set("trust proxy", "loopback");
  app.use(helmet());
  app.use(
    morgan(":remote-addr :method :url :status :res[content-length] :res[content-encoding]", {
      stream: { write: (line) => log.push(line.trim()) },
    }),
  );
  app.use(compression());
  app.use(cors({ origin: "https://app.example", credentials: true }));
  app.use(cookieParser("cookie-secret"));
  app.use(factory.json());
  app.use(factory.urlencoded({ extended: false }));
  app.use(
    session({ secret: "session-secret", resave: false, saveUninitialized: false, store: new session.MemoryStore() }),
  );
  app.use("/assets", factory.static(dir, { maxAge: "1h" }));

  const loginLimiter = rateLimit({ windowMs: 60_000, limit: 3, standardHeaders: "draft-7", legacyHeaders: false });
  app.post("/login", loginLimiter, (req, res, next) => {
    if (req.body.password !== "pw") return res.status(401).json({ error: "bad credentials" });
    req.session.regenerate((err) => {
      if (err) return next(err);
      req.session.user = req.body.user;
      res.cookie("theme", req.body.theme, { signed: true, httpOnly: true });
      req.session.save((saveError) => (saveError ? next(saveError) : res.redirect(303, "/me")));
    });
  });
  app.get("/me", (req, res) => {
    if (!req.session.user) return res.sendStatus(401);
    const history = Array.from({ length: 50 }, (_, i) => ({ page: `/page/${i}`, seen: true }));
    res.json({ user: req.session.user, theme: req.signedCookies.theme, history });
  });
  app.patch("/me", (req, res) => res.json({ updated: Object.keys(req.body), user: req.session.user ?? null }));
  app.get("/events", (req, res) => {
    res.set({ "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
    let n = 0;
    const timer = setInterval(() => {
      res.write(`data: ${JSON.stringify({ n, pad: "x".repeat(400) })}\n\n`);
      res.flush();
      if (++n === 3) {
        clearInterval(timer);
        res.end();
      }
    }, 5);
  });
  app.post("/logout", (req, res, next) => {
    req.session.destroy((err) =>
      err ? next(err) : res.clearCookie("connect.sid").clearCookie("theme").redirect(303, "/"),
    );
  });
  return log;
}

const decode = (response) =>
  (response.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(response.body) : response.body).toString();
const shape = (response) => {
  const headers = {};
  for (const name of HEADERS) if (response.headers[name] !== undefined) headers[name] = response.headers[name];
  if (headers.ratelimit) headers.ratelimit = headers.ratelimit.replace(/reset=\d+/, "reset=<s>");
  const cookies = []
    .concat(response.headers["set-cookie"] ?? [])
    .map((c) => c.replace(/^connect\.sid=s%3A[^;]+/, "connect.sid=<sid>").replace(/Expires=[^;]+/, "Expires=<date>"));
  return { status: response.status, headers, cookies, body: decode(response) };
};

const GZIP = { "accept-encoding": "gzip", origin: "https://app.example" };
const form = (body) => ({
  method: "POST",
  path: "/login",
  headers: { ...GZIP, "content-type": "application/x-www-form-urlencoded" },
  body,
});

forEachMode("full middleware stack", (mode) => {
  const pair = usePair(build, mode);

  /** One browser per app walks through `steps`; resolves to [expressShapes, libShapes]. */
  async function walk(steps, forwardedFor) {
    const run = async (target) => {
      const client = browser(target);
      const shapes = [];
      for (const step of steps) {
        const headers = { ...step.headers, "x-forwarded-for": forwardedFor };
        shapes.push(shape(await client.send({ ...step, headers })));
      }
      return shapes;
    };
    return Promise.all([run(pair.express), run(pair.lib)]);
  }

  it("log in with a form, read the profile, update it, log out", async () => {
    const steps = [
      form("user=ann&password=pw&theme=dark"),
      { path: "/me", headers: GZIP },
      {
        method: "PATCH",
        path: "/me",
        headers: { ...GZIP, "content-type": "application/json" },
        body: '{"bio":"hi","lang":"en"}',
      },
      { method: "POST", path: "/logout", headers: GZIP },
      { path: "/me", headers: GZIP },
    ];
    const [expected, actual] = await walk(steps, "198.51.100.1");
    expect(actual).toEqual(expected);
    expect(actual.map((s) => s.status)).toEqual([303, 200, 200, 303, 401]);
    expect(actual[1].headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(actual[1].body)).toMatchObject({ user: "ann", theme: "dark" });
    expect(JSON.parse(actual[2].body)).toEqual({ updated: ["bio", "lang"], user: "ann" });
  });

  it("refused logins count against the limit, then 429", async () => {
    const bad = form("user=ann&password=nope");
    const [expected, actual] = await walk([bad, bad, bad, bad], "198.51.100.2");
    expect(actual).toEqual(expected);
    expect(actual.map((s) => s.status)).toEqual([401, 401, 401, 429]);
  });

  it("static files under helmet, cors and compression", async () => {
    const [expected, actual] = await pair.both({ path: "/assets/site.css", headers: GZIP });
    const [e, a] = [shape(expected), shape(actual)];
    expect(a).toEqual(e);
    expect(a.headers["content-encoding"]).toBe("gzip");
    expect(a.body).toBe(STYLES);
  });

  it("a server-sent event stream is flushed through compression", async () => {
    const [expected, actual] = await pair.both({ path: "/events", headers: GZIP });
    expect(shape(actual)).toEqual(shape(expected));
    expect(shape(actual).body.split("\n\n").filter(Boolean)).toHaveLength(3);
  });

  it("morgan saw the client IP, status and encoding of each answer", async () => {
    for (const lines of [pair.express.context, pair.lib.context]) lines.length = 0;
    const steps = [
      { path: "/me", headers: GZIP },
      { path: "/assets/site.css", headers: GZIP },
      { path: "/assets/site.css" },
    ];
    await walk(steps, "198.51.100.3");
    await eventually(() => pair.express.context.length === 3 && pair.lib.context.length === 3);
    expect(pair.lib.context).toEqual(pair.express.context);
    expect(pair.lib.context).toEqual([
      "198.51.100.3 GET /me 401 12 -",
      "198.51.100.3 GET /assets/site.css 200 - gzip",
      `198.51.100.3 GET /assets/site.css 200 ${STYLES.length} -`,
    ]);
  });
});
