// express-rate-limit: counting per client IP (X-Forwarded-For behind a trusted proxy),
// 429 after the limit, the standard and legacy headers, skipFailedRequests, custom
// handlers, and the library's own configuration checks, all as on Express 5.
import { it, expect } from "vitest";
import { rateLimit } from "express-rate-limit";
import { forEachMode, usePair } from "./harness.js";
import { startPair } from "../helpers/server.js";

const WINDOW = 60_000;
// Headers carrying "seconds from now": equal on both servers up to a second boundary.
const CLOCK_HEADERS = ["ratelimit-reset", "retry-after", "x-ratelimit-reset"];
const RATE_HEADERS = [
  "ratelimit-policy",
  "ratelimit-limit",
  "ratelimit-remaining",
  "ratelimit",
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
];

/** A logger recording the codes of express-rate-limit's configuration warnings. */
function codeLogger() {
  const codes = [];
  const record = (error) => codes.push(error.code ?? String(error));
  return { codes, logger: { warn: record, error: record } };
}

function build(app, factory) {
  const { codes, logger } = codeLogger();
  app.set("trust proxy", "loopback");
  const ok = (req, res) => res.json({ ok: true, remaining: req.rateLimit.remaining });

  app.get(
    "/draft6",
    rateLimit({ windowMs: WINDOW, limit: 2, standardHeaders: "draft-6", legacyHeaders: true, logger }),
    ok,
  );
  app.get(
    "/draft7",
    rateLimit({ windowMs: WINDOW, limit: 1, standardHeaders: "draft-7", legacyHeaders: false, logger }),
    ok,
  );
  app.get(
    "/draft8",
    rateLimit({
      windowMs: WINDOW,
      limit: 1,
      standardHeaders: "draft-8",
      identifier: "api",
      legacyHeaders: false,
      logger,
    }),
    ok,
  );

  // Failed answers (>= 400) are taken back once they finish.
  const lenient = rateLimit({ windowMs: WINDOW, limit: 1, skipFailedRequests: true, logger });
  app.get("/lenient/:code", lenient, (req, res) => res.sendStatus(Number(req.params.code)));

  const custom = rateLimit({
    windowMs: WINDOW,
    limit: 1,
    message: { error: "slow down" },
    statusCode: 503,
    logger,
    handler: (req, res, next, options) => res.status(options.statusCode).json(options.message),
  });
  const router = factory.Router();
  router.use(custom);
  router.get("/thing", ok);
  app.use("/router", router);
  return codes;
}

// Misconfigured apps, for the library's checks that read req.app.get("trust proxy").
function buildUntrusted(app) {
  const { codes, logger } = codeLogger();
  app.get("/", rateLimit({ windowMs: WINDOW, limit: 5, logger }), (req, res) => res.send(req.ip));
  return codes;
}
// Limiters made while answering a request (a middleware, a route handler, one inside a
// Router): the library finds router 2's "Layer.handleRequest" frame in its stack and warns.
function buildPerRequest(app, factory) {
  const { codes, logger } = codeLogger();
  const makeLimiter = () => rateLimit({ windowMs: WINDOW, limit: 5, logger, validate: { xForwardedForHeader: false } });
  app.use((req, res, next) => {
    makeLimiter();
    next();
  });
  const router = factory.Router();
  router.get("/", (req, res) => {
    makeLimiter();
    res.send(req.ip);
  });
  app.use(router);
  return codes;
}
function buildTrustAll(app) {
  app.set("trust proxy", true);
  return buildUntrusted(app);
}

const from = (ip, path) => ({ path, headers: { "x-forwarded-for": ip } });
const rateView = (response) => {
  const headers = {};
  for (const name of RATE_HEADERS) if (response.headers[name] !== undefined) headers[name] = response.headers[name];
  for (const name of CLOCK_HEADERS) if (response.headers[name] !== undefined) headers[name] = "<seconds>";
  // draft-7/8 put the seconds inside the RateLimit header.
  if (headers.ratelimit) headers.ratelimit = headers.ratelimit.replace(/\b(reset=|t=)\d+/, "$1<seconds>");
  return { status: response.status, headers, body: response.text };
};
const seconds = (response) => CLOCK_HEADERS.map((name) => Number(response.headers[name] ?? 0));

forEachMode("express-rate-limit", (mode) => {
  const pair = usePair(build, mode);

  /** Sends `requests` in order to both apps; resolves to [expressViews, libViews]. */
  async function sequence(requests) {
    const expected = [];
    const actual = [];
    for (const req of requests) {
      const [a, b] = await pair.both(req);
      expected.push(rateView(a));
      actual.push(rateView(b));
      seconds(b).forEach((value, i) => expect(Math.abs(value - seconds(a)[i])).toBeLessThanOrEqual(1));
    }
    return [expected, actual];
  }

  it("answers 429 after the limit, with draft-6 and legacy headers", async () => {
    const [expected, actual] = await sequence([1, 2, 3].map(() => from("203.0.113.1", "/draft6")));
    expect(actual).toEqual(expected);
    expect(actual.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(actual[2]).toMatchObject({
      headers: {
        "ratelimit-limit": "2",
        "ratelimit-remaining": "0",
        "ratelimit-policy": "2;w=60",
        "retry-after": "<seconds>",
        "x-ratelimit-limit": "2",
      },
      body: "Too many requests, please try again later.",
    });
  });

  it("counts each forwarded client IP separately", async () => {
    const [expected, actual] = await sequence([
      from("203.0.113.2", "/draft7"),
      from("203.0.113.3", "/draft7"),
      from("203.0.113.2", "/draft7"),
    ]);
    expect(actual).toEqual(expected);
    expect(actual.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(actual[0].headers.ratelimit).toBe("limit=1, remaining=0, reset=<seconds>");
  });

  it("draft-8 headers with a policy name and partition key", async () => {
    const [expected, actual] = await sequence([from("203.0.113.4", "/draft8"), from("203.0.113.4", "/draft8")]);
    expect(actual).toEqual(expected);
    expect(actual[1].headers["ratelimit-policy"]).toMatch(/^"api"; q=1; w=60; pk=:[A-Za-z0-9+/=]+:$/);
  });

  it("skipFailedRequests takes back answers that failed", async () => {
    const ip = "203.0.113.5";
    const [expected, actual] = await sequence([
      from(ip, "/lenient/404"),
      from(ip, "/lenient/500"),
      from(ip, "/lenient/200"),
      from(ip, "/lenient/200"),
    ]);
    expect(actual).toEqual(expected);
    expect(actual.map((r) => r.status)).toEqual([404, 500, 200, 429]);
  });

  it("a custom handler and status on a limiter inside a Router", async () => {
    const [expected, actual] = await sequence([
      from("203.0.113.6", "/router/thing"),
      from("203.0.113.6", "/router/thing"),
    ]);
    expect(actual).toEqual(expected);
    expect(actual[1]).toMatchObject({ status: 503, body: '{"error":"slow down"}' });
  });

  it("raised no configuration warning on a well-configured app", () => {
    expect(pair.lib.context).toEqual(pair.express.context);
    expect(pair.lib.context).toEqual([]);
  });
});

forEachMode("express-rate-limit configuration checks", (mode) => {
  const cases = [
    ["X-Forwarded-For with 'trust proxy' off", buildUntrusted, "ERR_ERL_UNEXPECTED_X_FORWARDED_FOR"],
    ["'trust proxy' set to true", buildTrustAll, "ERR_ERL_PERMISSIVE_TRUST_PROXY"],
    ["a limiter created inside request handlers", buildPerRequest, "ERR_ERL_CREATED_IN_REQUEST_HANDLER"],
  ];
  for (const [title, build, code] of cases) {
    it(title, async () => {
      const pair = await startPair(build, { via: mode });
      try {
        const [expected, actual] = await pair.both(from("198.51.100.9", "/"));
        expect(actual.text).toBe(expected.text);
        expect(pair.lib.context).toEqual(pair.express.context);
        expect(pair.lib.context).toContain(code);
      } finally {
        await pair.close();
      }
    });
  }
});
