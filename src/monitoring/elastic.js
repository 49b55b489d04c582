// Elastic APM (elastic-apm-node 4) on a lib-server app, as its Express instrumentation sees
// an Express 5 app (lib/instrumentation/modules/express.js and finalhandler.js in the agent):
// - the transaction's name: the agent names it when it ends, from `req.route` and the mount
//   paths its Layer#handle wrappers stack up (`use("/api", ...)` pushes "/api" and pops it
//   when the layer calls next() without an error). lib-server's `req.route` reaches it
//   already; the mount paths are kept here by the same rules and the name is given as the
//   transaction's default name when the response finishes, just before the agent's own
//   naming would run, so a name the app sets (apm.setTransactionName) still wins.
// - errors: captured (`captureError(err, { request: req })`) when an error handler of a
//   router's stack receives them, or, with none, when they reach the app's final handler
//   (Express's finalhandler), once per error object. The agent builds no span for Express.
// - the service's framework: lib-server and its version (Express 5 reports express 5.x).
// The agent is found among the loaded modules: lib-server does not depend on it, and the
// copy that runs is the one the app started.
import { createRequire } from "node:module";
import dc from "node:diagnostics_channel";
import { finalHandlerChannel, handlerChannel } from "../tracing.js";
import { wrapEachLayer } from "../opentelemetry/wrap-layers.js";

const require = createRequire(import.meta.url);

const requestStart = dc.channel("lib-server.request.start");
const layerChannel = dc.channel("lib-server.layer");

// The Elastic state of a request in a transaction: { trans, mounts, staticFile, settled }.
const STATE = Symbol("lib-server.elastic");

let agent;

/** Names lib-server's transactions and captures its errors, if the running agent instruments Express. */
export function attach() {
  agent = runningAgent();
  if (agent === undefined || !instrumentsExpress(agent._conf)) return;
  agent.setFramework({ name: "lib-server", version: require("lib-server/package.json").version, overwrite: false });
  requestStart.subscribe(guarded(onRequestStart));
  layerChannel.subscribe(guarded(wrapEachLayer(trackedLayer)));
  handlerChannel.subscribe({ start: guarded(onHandlerStart) });
  if (!agent._conf?.disableInstrumentations?.includes("finalhandler"))
    finalHandlerChannel.subscribe(guarded(onFinalHandler));
}

// The started agent among the modules loaded (elastic-apm-node's index.js exports it).
function runningAgent() {
  for (const module of Object.values(require.cache)) {
    if (/[\\/]elastic-apm-node[\\/]index\.js$/.test(module.filename) && module.exports?.isStarted?.() === true)
      return module.exports;
  }
  return undefined;
}

// The configuration under which the agent instruments Express. No public API reads it: the
// agent's own instrumentations read `agent._conf`.
function instrumentsExpress(conf) {
  if (conf === undefined) return true;
  return (
    conf.active !== false &&
    conf.instrument !== false &&
    conf.instrumentIncomingHTTPRequests !== false &&
    !conf.disableInstrumentations?.includes("express")
  );
}

// A subscriber (or listener) that never throws into the app (diagnostics_channel would
// rethrow it).
function guarded(subscriber) {
  return (message) => {
    try {
      subscriber(message);
    } catch (err) {
      agent.logger?.debug?.({ err }, "lib-server: Elastic APM adapter failed");
    }
  };
}

function onRequestStart({ request, response }) {
  if (request[STATE] !== undefined) return; // a mounted app, entered by the same request
  const trans = agent.currentTransaction;
  if (!trans) return; // an ignored URL
  const state = { trans, mounts: [], staticFile: false, settled: false };
  request[STATE] = state;
  // Before the agent's own listeners, which end the transaction (and name it, if unnamed).
  const settle = guarded(() => {
    if (state.settled) return;
    state.settled = true;
    nameTransaction(request, state);
  });
  response.prependOnceListener("finish", settle);
  response.prependOnceListener("close", settle);
}

// What the agent's Express instrumentation keeps of the layers a request goes through:
// - mount paths: a layer registered with a string path other than "/" (use(fn) registers "/";
//   an array or RegExp path is not kept) pushes it on entry, and the last one is popped when
//   the layer calls next() with no error;
// - static files: express.static's middleware marks the request as a static file on entry,
//   unmarked when it calls next() with nothing. lib-server's Server.static middleware is
//   known by its name, serveStatic (serve-static's, used directly, has the same name).
function trackedLayer(layer, handle) {
  if (layer.route !== undefined) return undefined;
  const path = typeof layer.rawPath === "string" && layer.rawPath !== "/" ? layer.rawPath : undefined;
  const serveStatic = layer.name === "serveStatic";
  if (path === undefined && !serveStatic) return undefined;
  return tracked(handle, path, serveStatic);
}

function tracked(handle, path, serveStatic) {
  return function elasticTracked(req, res, next) {
    const state = req[STATE];
    if (state === undefined) return handle(req, res, next);
    if (path !== undefined) state.mounts.push(path);
    if (serveStatic) state.staticFile = true;
    return handle(req, res, function leaveLayer(err) {
      if (path !== undefined && (!err || err === "route" || err === "router")) state.mounts.pop();
      if (serveStatic && !err) state.staticFile = false;
      return next.apply(this, arguments);
    });
  };
}

// The agent names an Express transaction `${method} ${path}` when it ends, path from
// express-utils.js getPathFromRequest(): "static file", or the mount paths then the route's;
// with neither a static file nor a mount path the agent's own naming gives the same name, so
// it is left to it. setDefaultName(), which the agent's instrumentations call (its types call
// it unofficial), and not setTransactionName(), which would replace a name the app set.
function nameTransaction(req, { trans, mounts, staticFile }) {
  if ((mounts.length === 0 && !staticFile) || typeof trans.setDefaultName !== "function") return;
  // Named already by another instrumentation (GraphQL): the agent keeps that name (it names
  // the transaction only while `_defaultName` is empty).
  if (trans._defaultName) return;
  const path = staticFile ? "static file" : routePath(req, mounts);
  if (path !== undefined) trans.setDefaultName(`${req.method} ${path}`);
}

function routePath(req, mounts) {
  const mounted = joinPaths(mounts);
  const route = req.route && (req.route.path || req.route.regexp?.source);
  if (route) return joinPaths([mounted, route]);
  return mounted === "/" ? undefined : mounted;
}

// express-utils.js join(): "/" parts dropped, each part given a leading "/" (an array or a
// RegExp route path is turned into a string the same way).
const joinPaths = (parts) =>
  parts
    .filter((part) => part !== "/")
    .map((part) => (part[0] === "/" ? part : `/${part}`))
    .join("") || "/";

// The agent captures an error when an error handler of a router's stack is called with it
// (an error handler among a route's own handlers is not wrapped), if captureExceptions.
function onHandlerStart({ req, errorHandler, incomingError, layer }) {
  if (errorHandler !== true) return;
  const state = req[STATE];
  if (state === undefined) return;
  if (req.route?.stack?.includes(layer)) return;
  if (agent._conf?.captureExceptions !== false && firstCapture(incomingError))
    agent.captureError(incomingError, { request: req });
}

// What no error handler took reaches the final handler, whose Express twin the agent wraps too.
function onFinalHandler({ req, error }) {
  const state = req[STATE];
  if (state !== undefined && firstCapture(error)) agent.captureError(error, { request: req, parent: state.trans });
}

// The agent reports each Error object once (it marks it), and every string.
const captured = new WeakSet();

function firstCapture(error) {
  if (typeof error === "string") return true;
  if (!(error instanceof Error || Object.prototype.toString.call(error) === "[object Error]")) return false;
  if (captured.has(error)) return false;
  captured.add(error);
  return true;
}
