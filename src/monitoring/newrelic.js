// New Relic (`newrelic`): what the agent's Express instrumentation does, done for a
// lib-server app with the agent's own code, so that the transaction names, segments and errors
// are Express 5's: `WebTransaction/Expressjs/GET//api/items/:itemId`, `Expressjs/Router: /api`,
// `Expressjs/Route Path: /items/:itemId`, `Nodejs/Middleware/Expressjs/getItem`, the error a
// handler threw or rejected with noticed on its transaction.
//
// On Express the agent injects diagnostics channels into the `router` package's use(), route()
// and param() (orchestrion: lib/subscribers/express/), and its subscribers wrap each handler
// registered there with one MiddlewareWrapper (lib/subscribers/middleware-wrapper.js): the
// wrapper pushes the layer's path on the transaction's name state, makes the segment and
// records the error the handler fails with, for core/http.js to notice when the response ends.
// lib-server has no `router` package. Here the same wrapper is driven by lib-server's channels:
// - "lib-server.layer": middleware, routers, mounted apps and routes are entered through a
//   handle wrapped as the Express subscribers wrap them when they are registered;
// - "express.router.request": route handlers, error handlers and app.param() callbacks, which
//   lib-server does not offer for wrapping, run inside the segment the wrapper would make (the
//   tracing channel's start bound to the agent's AsyncLocalStorage), and their outcome is
//   recorded as the wrapper records it.
// No public API does this: instrumentWebframework() hooks a module's `require`, done by the time
// an app is made, and setTransactionName() names `WebTransaction/Custom/...`. So this uses the
// agent's internals, checked on newrelic 14.5.1 (Express's subscribers since 13.6): the agent
// found in require.cache (require.cache.__NR_cache, the API its index.js leaves), its
// MiddlewareWrapper, tracer and code-level-metrics helper. If they are not as expected, the
// adapter warns once and stays out of the way; nothing it does throws into the app.
import dc from "node:diagnostics_channel";
import { createRequire } from "node:module";
import { wrapEachLayer } from "../opentelemetry/wrap-layers.js";

const require = createRequire(import.meta.url);

const SYSTEM = "Expressjs";
const CALL = Symbol("lib-server.newrelic.call");
const layerChannel = dc.channel("lib-server.layer");
const handlerChannel = dc.tracingChannel("express.router.request");

/** Drives the running agent's Express instrumentation from lib-server's channels. */
export function attach() {
  const agent = require.cache.__NR_cache?.agent;
  // As the agent's own Express subscribers, which are not set up when Express's is disabled.
  if (agent?.config?.instrumentation?.express?.enabled !== true) return;
  let internals;
  try {
    internals = agentInternals(agent);
  } catch (err) {
    process.emitWarning(`lib-server: New Relic's Express instrumentation cannot be reached (${err.message})`);
    return;
  }
  layerChannel.subscribe(guarded(internals, layerWrapping(internals)));
  subscribeHandlers(internals);
}

// A subscriber that throws would have Node re-throw its error in the app: logged instead.
const guarded =
  ({ logger }, subscriber) =>
  (message) => {
    try {
      subscriber(message);
    } catch (err) {
      logger.warnOnce("lib-server", err, "lib-server: New Relic's Express instrumentation failed");
    }
  };

// What the adapter uses of the agent, loaded from the agent's own directory (the module whose
// exports are the API in require.cache): the same copy of its code as the running agent's.
function agentInternals(agent) {
  const api = require.cache.__NR_cache;
  const entry = Object.entries(require.cache).find(([, module]) => module?.exports === api);
  if (entry === undefined) throw new Error("the agent's module is not in require.cache");
  const agentRequire = createRequire(entry[0]);
  const MiddlewareWrapper = agentRequire("./lib/subscribers/middleware-wrapper.js");
  const logger = agentRequire("./lib/logger.js").child({ component: "lib-server" });
  const wrapper = new MiddlewareWrapper({ agent, logger, system: SYSTEM, errorHandler: isExpressError });
  const { addCLMAttributes } = agentRequire("./lib/util/code-level-metrics.js");
  const { clm } = agentRequire("./lib/symbols.js");
  const missing = [
    ...["wrap", "extractTxInfo", "nameSegment", "constructRecorder", "maybeHandleError", "isError"].filter(
      (name) => typeof wrapper[name] !== "function",
    ),
    ...["getContext", "getSegment", "createSegment", "runInContext"].filter(
      (name) => typeof agent.tracer?.[name] !== "function",
    ),
  ];
  if (missing.length > 0 || agent.tracer.store === undefined || typeof addCLMAttributes !== "function")
    throw new Error(`the agent's MiddlewareWrapper or tracer has changed (${missing.join(", ")})`);
  return {
    agent,
    logger,
    wrapper,
    tracer: agent.tracer,
    addCLMAttributes,
    clm,
    wrappedLayers: new WeakMap(),
    // A synchronous handler's segment (one lib-server calls without offering it for wrapping)
    // -> the context it was called in: what it calls next() into runs there, as the next()
    // of a handler the wrapper wraps restores it.
    callers: new WeakMap(),
  };
}

// The Express subscribers' own test (lib/subscribers/express/base.js): next("route") and
// next("router") are no errors.
const isExpressError = (err) => err && err !== "route" && err !== "router";

// Each layer's handle wrapped as the Express subscribers wrap what use() and route() register.
const layerWrapping = ({ wrapper, wrappedLayers, tracer, callers }) =>
  wrapEachLayer((layer, handle) => inCaller(tracer, callers, wrapper.wrap(registeredAs(layer, handle))), wrappedLayers);

// A layer entered by the next() of a handler in `callers` runs in that handler's caller's context.
function inCaller(tracer, callers, wrapped) {
  return function enterLayer(req, res, next) {
    const caller = callers.get(tracer.getSegment());
    if (caller === undefined) return wrapped(req, res, next);
    return tracer.runInContext({ handler: wrapped, context: caller, thisArg: this, args: [req, res, next] });
  };
}

// What the Express subscribers wrap for a layer, with its path and segment name (express/use.js,
// route.js). Express's router.use(fn) has no path where lib-server's layer has "/": the same
// segment name, and a "/" on the name state that names nothing.
function registeredAs(layer, handle) {
  if (layer.route !== undefined) {
    const path = layer.route.path;
    return { handler: handle, route: path, segmentName: `${SYSTEM}/Route Path: ${path}` };
  }
  const route = usePath(layer.rawPath);
  const routeName = route || "/";
  if (handle.name === "mounted_app")
    return { handler: handle, route, segmentName: `${SYSTEM}/Mounted App: ${routeName}` };
  if (handle.stack === undefined) return { handler: handle, route };
  // A router's handle() method is what Express wraps: its name is the segment's code.function.
  const { handle: routerHandle } = { handle: (req, res, next) => handle(req, res, next) };
  return { handler: routerHandle, route, segmentName: `${SYSTEM}/Router: ${routeName}` };
}

// express/use.js's routeParser, on the path use() was given.
function usePath(path) {
  if (path instanceof RegExp) return `/${path.source}/`;
  if (typeof path === "string") return path;
  if (Array.isArray(path)) return path.join(",");
  return null;
}

function subscribeHandlers(internals) {
  const { tracer, wrapper, logger } = internals;
  handlerChannel.start.bindStore(tracer.store, (ctx) => {
    const current = tracer.getContext();
    try {
      return enterHandler(internals, ctx, current) ?? current;
    } catch (err) {
      logger.warnOnce("lib-server", err, "lib-server: New Relic's Express instrumentation failed");
      return current;
    }
  });
  // The wrapper's record of a handler's outcome when it returns or its promise settles: the
  // error it threw or rejected with, if it has no `result` (a next(err) is recorded on `error`).
  const settle = (ctx) => {
    const call = ctx[CALL];
    if (call === undefined) return;
    wrapper.maybeHandleError(call.txInfo, "result" in ctx ? undefined : ctx.error);
    call.segment.touch();
  };
  const noticeNextError = (ctx) => {
    const call = ctx[CALL];
    if (call !== undefined && wrapper.isError(ctx.error)) wrapper.maybeHandleError(call.txInfo, ctx.error);
  };
  handlerChannel.subscribe({
    start() {},
    end: guarded(internals, settle),
    asyncStart() {},
    asyncEnd: guarded(internals, settle),
    error: guarded(internals, noticeNextError),
  });
}

// The segment MiddlewareWrapper#wrap makes for a handler it wraps, for a handler lib-server
// calls without offering it for wrapping: undefined when there is no transaction, or when its
// layer's handle was wrapped already.
function enterHandler(internals, ctx, current) {
  const { agent, tracer, wrapper, wrappedLayers, callers, addCLMAttributes, clm } = internals;
  const transaction = current?.transaction;
  if (transaction?.isActive() !== true) return undefined;
  const isParam = ctx.param !== undefined;
  if (!isParam && wrappedLayers.has(ctx.layer)) return undefined;
  const handler = ctx.handler;
  const caller = callers.get(current.segment) ?? current;
  transaction.nameState.setPrefix(SYSTEM);
  // express/param.js names a param callback's segment after its parameter
  const route = isParam ? `[param handler :${ctx.param}]` : null;
  const args = ctx.errorHandler ? [ctx.incomingError, ctx.req, ctx.res, next] : [ctx.req, ctx.res, next];
  const { txInfo, errorWare } = wrapper.extractTxInfo(args, route);
  // express/route.js: a router given as a route's handler
  const segmentName = handler.stack !== undefined ? `${SYSTEM}/Router: /` : null;
  const name = wrapper.nameSegment({ handler, route, errorWare, segmentName });
  const recorder = wrapper.constructRecorder({ handler, transaction, segmentName });
  const segment = tracer.createSegment({ name, parent: caller.segment, recorder, transaction });
  if (!segment) return undefined;
  if (agent.config.code_level_metrics.enabled === true) {
    handler[clm] = true;
    addCLMAttributes(handler, segment);
  }
  segment.start();
  ctx[CALL] = { txInfo, segment };
  // (a router given as a handler runs its own layers inside its segment, as on Express)
  if (handler.constructor.name !== "AsyncFunction" && handler.stack === undefined) callers.set(segment, caller);
  return caller.enterSegment({ segment });
}

// The `next` extractTxInfo is shown: it reads only the request (and, with four, the error).
function next() {}
