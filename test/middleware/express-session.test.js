// express-session (MemoryStore): a session lives across requests through a hand-kept
// cookie jar, regenerate() and destroy() behave, and cookies are set only when Express
// sets them.
import { it, expect } from "vitest";
import http from "node:http";
import session from "express-session";
import { forEachMode, usePair, browser } from "./harness.js";

function build(app, factory) {
  app.set("trust proxy", "loopback");
  // Secure cookies are sent only when req.secure says so (here: X-Forwarded-Proto).
  const secure = factory.Router();
  secure.use(
    session({
      name: "secure.sid",
      secret: "k",
      resave: false,
      saveUninitialized: false,
      store: new session.MemoryStore(),
      cookie: { secure: true },
    }),
  );
  secure.get("/login", (req, res) => {
    req.session.user = "ann";
    res.json({ secure: req.secure });
  });
  app.use("/secure", secure);

  // Rolling sessions re-send their cookie on every answer; unset: "destroy" drops a
  // session set to null; the cookie path limits where the session exists at all.
  const rolling = factory.Router();
  rolling.use(
    session({
      name: "roll.sid",
      secret: "k",
      resave: false,
      saveUninitialized: false,
      rolling: true,
      unset: "destroy",
      store: new session.MemoryStore(),
      cookie: { path: "/rolling", maxAge: 5_000 },
    }),
  );
  rolling.get("/start", (req, res) => {
    req.session.started = true;
    res.send("started");
  });
  rolling.get("/check", (req, res, next) =>
    req.session.reload((err) =>
      err ? next(err) : res.json({ started: req.session.started ?? false, maxAge: req.session.cookie.maxAge > 4000 }),
    ),
  );
  rolling.get("/peek", (req, res) => res.json({ started: req.session.started ?? false }));
  rolling.get("/drop", (req, res) => {
    req.session = null;
    res.send("dropped");
  });
  app.use("/rolling", rolling);
  app.use(
    "/elsewhere",
    session({
      secret: "k",
      resave: false,
      saveUninitialized: true,
      store: new session.MemoryStore(),
      cookie: { path: "/rolling" },
    }),
  );
  app.get("/elsewhere", (req, res) => res.json({ hasSession: req.session !== undefined }));

  app.use(factory.json());
  app.use(
    session({
      secret: "keyboard cat",
      resave: false,
      saveUninitialized: false,
      store: new session.MemoryStore(),
      cookie: { maxAge: 60_000, sameSite: "lax" },
    }),
  );
  app.get("/count", (req, res) => {
    req.session.n = (req.session.n ?? 0) + 1;
    res.json({ n: req.session.n });
  });
  app.get("/peek", (req, res) => res.json({ n: req.session.n ?? null }));
  app.post("/login", (req, res) => {
    req.session.user = req.body.user;
    res.json({ user: req.session.user });
  });
  app.get("/me", (req, res) => res.json({ user: req.session.user ?? null }));
  app.post("/regenerate", (req, res, next) => {
    const before = req.sessionID;
    req.session.regenerate((err) => {
      if (err) return next(err);
      res.json({ changed: req.sessionID !== before, n: req.session.n ?? null });
    });
  });
  app.post("/destroy", (req, res, next) => {
    req.session.destroy((err) => (err ? next(err) : res.send("bye")));
  });
}

// A session cookie with its (random) id and its (clock-dependent) expiry masked.
const cookieShape = (response) =>
  []
    .concat(response.headers["set-cookie"] ?? [])
    .map((line) => line.replace(/=s%3A[^;]+/, "=<sid>").replace(/Expires=[^;]+/, "Expires=<date>"));

forEachMode("express-session", (mode) => {
  const pair = usePair(build, mode);

  /** Runs `steps` with a fresh browser on each app; resolves to [expressLog, libLog]. */
  async function scenario(steps) {
    const run = async (target) => {
      const client = browser(target);
      const log = [];
      for (const req of steps) {
        const response = await client.send(req);
        log.push({
          status: response.status,
          body: response.text,
          cookies: cookieShape(response),
          jar: [...client.jar.cookies.keys()],
        });
      }
      return log;
    };
    return Promise.all([run(pair.express), run(pair.lib)]);
  }

  it("keeps a counter across three requests", async () => {
    const [expected, actual] = await scenario([{ path: "/count" }, { path: "/count" }, { path: "/count" }]);
    expect(actual).toEqual(expected);
    expect(actual.map((step) => JSON.parse(step.body).n)).toEqual([1, 2, 3]);
    expect(actual[0].cookies).toEqual(["connect.sid=<sid>; Path=/; Expires=<date>; HttpOnly; SameSite=Lax"]);
    expect(actual[2].cookies).toEqual(actual[0].cookies); // modified, with an expiry: re-sent
  });

  it("concurrent clients sharing keep-alive sockets keep their own sessions", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    try {
      for (const target of [pair.express, pair.lib]) {
        const counts = await Promise.all(
          Array.from({ length: 12 }, async () => {
            const client = browser(target);
            const seen = [];
            for (let i = 0; i < 3; i++) seen.push(JSON.parse((await client.send({ path: "/count", agent })).text).n);
            return seen;
          }),
        );
        expect(counts).toEqual(Array.from({ length: 12 }, () => [1, 2, 3]));
      }
    } finally {
      agent.destroy();
    }
  });

  it("sets no cookie for an untouched session (saveUninitialized: false)", async () => {
    const [expected, actual] = await scenario([{ path: "/peek" }, { path: "/peek" }]);
    expect(actual).toEqual(expected);
    expect(actual.every((step) => step.cookies.length === 0)).toBe(true);
  });

  it("stores a JSON-parsed login and reads it back", async () => {
    const login = {
      method: "POST",
      path: "/login",
      headers: { "content-type": "application/json" },
      body: '{"user":"bob"}',
    };
    const [expected, actual] = await scenario([login, { path: "/me" }]);
    expect(actual).toEqual(expected);
    expect(JSON.parse(actual[1].body)).toEqual({ user: "bob" });
  });

  it("regenerate() gives a new id and an empty session", async () => {
    const [expected, actual] = await scenario([
      { path: "/count" },
      { path: "/count" },
      { method: "POST", path: "/regenerate" },
      { path: "/count" },
    ]);
    expect(actual).toEqual(expected);
    expect(JSON.parse(actual[2].body)).toEqual({ changed: true, n: null });
    expect(JSON.parse(actual[3].body)).toEqual({ n: 1 });
  });

  it("destroy() ends the session: the next request starts over", async () => {
    const [expected, actual] = await scenario([
      { path: "/count" },
      { path: "/count" },
      { method: "POST", path: "/destroy" },
      { path: "/count" },
    ]);
    expect(actual).toEqual(expected);
    expect(JSON.parse(actual[3].body)).toEqual({ n: 1 });
  });

  it("a stale or forged session cookie is ignored", async () => {
    const forged = { path: "/peek", headers: { cookie: "connect.sid=s%3Anot-a-session.forged" } };
    const [expected, actual] = await pair.both(forged);
    expect(actual.text).toBe(expected.text);
    expect(actual.headers["set-cookie"]).toBeUndefined();
  });

  it("rolling sessions re-send the cookie; reload() and unset: destroy work", async () => {
    const steps = [
      { path: "/rolling/start" },
      { path: "/rolling/check" },
      { path: "/rolling/drop" },
      { path: "/rolling/peek" },
    ];
    const [expected, actual] = await scenario(steps);
    expect(actual).toEqual(expected);
    expect(actual[1].cookies).toEqual(["roll.sid=<sid>; Path=/rolling; Expires=<date>; HttpOnly"]);
    expect(JSON.parse(actual[1].body)).toEqual({ started: true, maxAge: true });
    expect(JSON.parse(actual[3].body)).toEqual({ started: false });
  });

  it("no session outside the cookie path", async () => {
    const [expected, actual] = await pair.both({ path: "/elsewhere" });
    expect(actual.text).toBe(expected.text);
    expect(JSON.parse(actual.text)).toEqual({ hasSession: false });
    expect(actual.headers["set-cookie"]).toBeUndefined();
  });

  it("a secure cookie is set behind a trusted HTTPS proxy only", async () => {
    const viaProxy = { path: "/secure/login", headers: { "x-forwarded-proto": "https" } };
    const [expected, actual] = await scenario([viaProxy, { path: "/secure/login" }]);
    expect(actual).toEqual(expected);
    expect(actual[0].cookies).toEqual(["secure.sid=<sid>; Path=/; HttpOnly; Secure"]);
    expect(actual[1].cookies).toEqual([]);
  });
});
