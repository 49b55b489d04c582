// What metrics and log middleware read once a response is done: req.route, req.baseUrl,
// req.originalUrl, req.url and req.params as a `finish` (or `close`) listener registered by
// the first middleware sees them, for the same requests on Express 5 and lib-server.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { treeAbove } from "../../src/router/chain-index.js";
import { forEachMode, usePair, eventually } from "../middleware/harness.js";

/** The request and route fields a finish listener reads, as plain data. */
function fieldsOf(req, res) {
  const route = req.route;
  return {
    method: req.method,
    status: res.statusCode,
    route: route && {
      path: route.path,
      methods: { ...route.methods },
      stack: route.stack.map((layer) => layer.method ?? "*"),
    },
    baseUrl: req.baseUrl,
    originalUrl: req.originalUrl,
    url: req.url,
    params: req.params && { ...req.params },
  };
}

// The app: a middleware that records what its finish and close listeners see, then routes
// of every kind Express has (nested routers, a mounted app, arrays, RegExps, route objects).
function build(app, factory) {
  const seen = [];
  app.use((req, res, next) => {
    res.on("finish", () => seen.push({ on: "finish", ...fieldsOf(req, res) }));
    res.on("close", () => seen.push({ on: "close", ...fieldsOf(req, res) }));
    next();
  });
  const ok = (req, res) => res.json({ inHandler: fieldsOf(req, res) });
  const fail = (status) => (req, res, next) => next(Object.assign(new Error(`provoked ${status}`), { status }));

  app.get("/", ok);
  app.get("/users/:id", ok);
  app.get(["/list", "/list/:page"], ok);
  app.get(/^\/re\/(\d+)$/, ok);
  app.get(/^\/named\/(?<slug>[a-z]+)$/, ok);
  app.get("/files/*path", ok);
  app.get("/opt{/:maybe}", ok);
  app.route("/books/:isbn").get(ok).put(ok);
  app.get("/skip/:n", (req, res, next) => next("route"));
  app.get("/skip/:n", ok);
  app.get("/fall-through", (req, res, next) => next());
  app.get("/throws", () => {
    throw Object.assign(new Error("provoked 500"), { status: 500 });
  });
  app.get("/rejects/:id", async () => {
    throw Object.assign(new Error("provoked 503"), { status: 503 });
  });
  app.get("/teapot", fail(418));
  app.all("/any/:x", ok);
  app.post("/post-only/:id", ok);
  app.use("/alias", (req, res, next) => {
    req.url = "/users/alias" + req.url.slice(1);
    next();
  });
  app.use("/mw", (req, res) => res.send("middleware answered"));

  const inner = factory.Router();
  inner.get("/deep/:d", ok);
  inner.use((req, res, next) => next("router"));
  const api = factory.Router();
  api.get("/items/:itemId", ok);
  api.route("/things/:t").get(ok).put(ok);
  api.get("/broken/:b", fail(409));
  api.post("/post-only/:id", ok);
  api.use("/v1", inner);
  app.use("/api", api);

  const members = factory.Router({ mergeParams: true });
  members.get("/members/:member", ok);
  app.use("/orgs/:org", members);
  const strict = factory.Router({ strict: true, caseSensitive: true });
  strict.get("/exact/", ok);
  app.use("/strict", strict);

  const sub = factory();
  sub.get("/hello/:name", ok);
  sub.get("/oops", fail(422));
  app.use("/sub", sub);

  // Answers errors from the routes above with their status (the 404 of an unmatched
  // request never gets here: it goes to the final handler).
  app.use((err, req, res, next) => {
    if (err.status === 418 || err.status === 422) return next(err); // the final handler's answer
    res.status(err.status ?? 500).json({ error: err.message, inHandler: fieldsOf(req, res) });
  });
  return { seen, app };
}

const requests = {
  root: { path: "/" },
  "a param": { path: "/users/42?sort=asc" },
  "an encoded param": { path: "/users/a%20b" },
  "case and trailing slash": { path: "/USERS/7/" },
  "array path, first": { path: "/list" },
  "array path, second": { path: "/list/3" },
  "RegExp path": { path: "/re/123" },
  "RegExp with a named group": { path: "/named/abc" },
  wildcard: { path: "/files/a/b.txt" },
  "optional segment, present": { path: "/opt/x" },
  "optional segment, absent": { path: "/opt" },
  "app.route(), GET": { path: "/books/978" },
  "app.route(), PUT": { method: "PUT", path: "/books/978" },
  "app.route(), a method it lacks (404)": { method: "DELETE", path: "/books/978" },
  "app.all()": { method: "PATCH", path: "/any/1" },
  "a middleware rewriting req.url": { path: "/alias?q=1" },
  "strict, case-sensitive router": { path: "/strict/exact/" },
  "strict router, no trailing slash (404)": { path: "/strict/exact" },
  "next('route')": { path: "/skip/1" },
  "a route calling next() into the 404": { path: "/fall-through" },
  "a handler that throws (500 from the error middleware)": { path: "/throws" },
  "an async handler that rejects": { path: "/rejects/9" },
  "an error to the final handler": { path: "/teapot" },
  "a middleware answering": { path: "/mw/anything" },
  "nested router": { path: "/api/items/5" },
  "router.route()": { method: "PUT", path: "/api/things/t1" },
  "an error out of a nested router": { path: "/api/broken/2" },
  "router in a router": { path: "/api/v1/deep/d1" },
  "next('router') into the 404": { path: "/api/v1/none" },
  "404 inside a router": { path: "/api/nothing" },
  "mergeParams router": { path: "/orgs/acme/members/7" },
  "mounted app": { path: "/sub/hello/ann" },
  "an error out of a mounted app": { path: "/sub/oops" },
  "404 in a mounted app": { path: "/sub/nothing" },
  "404 at the top": { path: "/nowhere?x=1" },
  HEAD: { method: "HEAD", path: "/users/1" },
  "HEAD to a POST-only route (404)": { method: "HEAD", path: "/post-only/1" },
  "HEAD to a POST-only route in a router (404)": { method: "HEAD", path: "/api/post-only/1" },
  "automatic OPTIONS answer": { method: "OPTIONS", path: "/books/1" },
  "automatic OPTIONS answer from a nested router": { method: "OPTIONS", path: "/api/things/t1" },
  "a param that does not decode (400)": { path: "/users/%E0%A4%A" },
};

// Routers with a path index (radix tree) and without one (a walk of the whole stack, what
// small routers get): the params of a tree match come from the tree, not from the RegExp.
const INDEXES = { "path index in every router": 0, "no path index": Infinity };

forEachMode("request fields after the response", (mode) => {
  describe.each(Object.entries(INDEXES))("%s", (title, routesWithoutIndex) => {
    let previous;
    beforeAll(() => {
      previous = treeAbove(routesWithoutIndex); // before the first request builds an index
    });
    afterAll(() => treeAbove(previous));
    const pair = usePair(build, mode, { expectedErrors: /provoked|Failed to decode/ });

    for (const [title, req] of Object.entries(requests)) {
      it(title, async () => {
        const logs = [pair.express.context.seen, pair.lib.context.seen];
        for (const seen of logs) seen.length = 0;
        const [expressResponse, libResponse] = await pair.both(req);
        await eventually(() => logs.every((seen) => seen.length === 2));
        expect(libResponse.status).toBe(expressResponse.status);
        expect(libResponse.text).toBe(expressResponse.text);
        expect(pair.lib.context.seen).toEqual(pair.express.context.seen);
      });
    }

    it("routed with the index asked for", () => {
      expect(pair.lib.context.app.router.index.tree !== null).toBe(routesWithoutIndex === 0);
    });
  });
});
