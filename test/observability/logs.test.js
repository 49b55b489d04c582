// Request logs on Express 5 and lib-server for the same requests: pino-http records (with
// customProps and customLogLevel reading req.route and res.statusCode) and morgan lines
// (with tokens reading req.route and req.baseUrl) are equal once times, ids and ports are
// taken out.
import { it, expect } from "vitest";
import morgan from "morgan";
import pinoHttp from "pino-http";
import { routeLabel } from "../../examples/prometheus/metrics.js";
import { forEachMode, usePair, eventually } from "../middleware/harness.js";

morgan.token("route-path", (req) => req.route?.path);
morgan.token("base-url", (req) => req.baseUrl);
const MORGAN_FORMAT = ":method :url :status :res[content-length] route=:route-path base=:base-url";

// lib-server's default (docs/migrating.md, "Known differences"), Express's only with this: not a logging matter.
const withoutPoweredBy = (app) => app.disable("x-powered-by");

function build(app, factory) {
  withoutPoweredBy(app);
  const logs = { pino: [], morgan: [] };
  app.use(morgan(MORGAN_FORMAT, { stream: { write: (line) => logs.morgan.push(line) } }));
  app.use(
    pinoHttp(
      {
        customProps: (req) => ({ route: routeLabel(req) }),
        customLogLevel: (req, res, err) =>
          err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
        customSuccessMessage: (req, res) => `${req.method} ${routeLabel(req)} ${res.statusCode}`,
      },
      { write: (line) => logs.pino.push(JSON.parse(line)) },
    ),
  );

  app.get("/users/:id", (req, res) => res.json({ id: req.params.id }));
  const api = factory.Router();
  api.post("/items", factory.json(), (req, res) => res.status(201).json(req.body));
  api.get("/items/:itemId", (req, res) => res.send(`item ${req.params.itemId}`));
  api.get("/bad", (req, res, next) => next(Object.assign(new Error("provoked bad request"), { status: 400 })));
  api.get("/crash", async () => {
    throw new Error("provoked crash");
  });
  app.use("/api", api);
  const admin = withoutPoweredBy(factory());
  admin.route("/stats").get((req, res) => res.json({ ok: true }));
  app.use("/admin", admin);
  app.get("/handled", () => {
    throw new Error("provoked handled error");
  });
  // Logs the error through pino-http (res.err), answers it; others go to the final handler.
  app.use((err, req, res, next) => {
    if (!/handled/.test(err.message)) return next(err);
    res.err = err;
    res.status(500).send("handled");
  });
  return logs;
}

/** A pino-http record without what differs from one server or run to the next. */
function comparable({ time, pid, hostname, responseTime, ...record }) {
  const { id, remotePort, headers, ...req } = record.req;
  const { host, ...otherHeaders } = headers;
  const err = record.err && { ...record.err, stack: undefined };
  return { ...record, req: { ...req, headers: otherHeaders }, err };
}

const requests = {
  "a param route": { path: "/users/42?verbose=1", headers: { "user-agent": "vitest" } },
  "POST to a nested router": {
    method: "POST",
    path: "/api/items",
    headers: { "content-type": "application/json" },
    body: '{"a":1}',
  },
  "GET in a nested router": { path: "/api/items/9" },
  "a 400 from next(err)": { path: "/api/bad" },
  "an async handler rejecting (final handler 500)": { path: "/api/crash" },
  "an error handler answering 500 with res.err": { path: "/handled" },
  "route() in a mounted app": { path: "/admin/stats" },
  "404 in a mounted app": { path: "/admin/missing" },
  "404 at the top": { path: "/missing/page" },
  HEAD: { method: "HEAD", path: "/users/1" },
};

forEachMode("request logs", (mode) => {
  const pair = usePair(build, mode, { expectedErrors: /provoked/ });

  for (const [title, req] of Object.entries(requests)) {
    it(title, async () => {
      const sides = [pair.express.context, pair.lib.context];
      for (const logs of sides) ((logs.pino.length = 0), (logs.morgan.length = 0));
      await pair.both(req);
      await eventually(() => sides.every((logs) => logs.pino.length === 1 && logs.morgan.length === 1));
      const [expected, actual] = sides.map((logs) => ({ pino: logs.pino.map(comparable), morgan: logs.morgan }));
      expect(actual).toEqual(expected);
    });
  }

  it("logs route and status fields (what the comparison above compares)", async () => {
    const logs = pair.lib.context;
    logs.pino.length = logs.morgan.length = 0;
    await pair.lib.request("/api/items/9");
    await pair.lib.request("/api/bad");
    await eventually(() => logs.pino.length === 2 && logs.morgan.length === 2);
    expect(logs.morgan).toEqual([
      "GET /api/items/9 200 6 route=/items/:itemId base=/api\n",
      "GET /api/bad 400 138 route=/bad base=-\n",
    ]);
    // The 400 went to the final handler: the router had restored req.baseUrl, as Express's does.
    expect(logs.pino.map(({ level, msg, route, res }) => ({ level, msg, route, status: res.statusCode }))).toEqual([
      { level: 30, msg: "GET /api/items/:itemId 200", route: "/api/items/:itemId", status: 200 },
      { level: 40, msg: "GET /bad 400", route: "/bad", status: 400 },
    ]);
  });
});
