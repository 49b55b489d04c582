// Request tracing, free when nobody listens.
//
// - diagnostics_channel tracing channel "express.router.request", the one router 2.3
//   (Express 5.3) publishes: start/end around each middleware or route handler call,
//   asyncStart/asyncEnd when its promise settles, error for a throw, a rejection or a
//   next(err) it originates. The context is router 2.3's ({ req, res, layer, handler,
//   route }, and for an error handler `incomingError` and `errorHandler: true`) plus `name`
//   and `mountPath`, so subscribers (APM agents, OpenTelemetry instrumentations) written
//   for Express work unchanged.
// - "lib-server.request.start" and "lib-server.request.end" for each request an app
//   handles, with the message shape of Node's "http.server.request.start" ({ request,
//   response, socket, server }) plus `app`.
// - "lib-server.layer": a request entering a layer of a router's stack, error handlers
//   aside: see observedHandle.
// - "lib-server.final-handler": { req, res, error }, an error no error handler took reaching
//   the app's final handler (where APM agents wrap Express's finalhandler to capture it),
//   including the router's own (a parameter that does not decode, a URL too long).
// - NODE_DEBUG=lib-server: the router says why it skipped each layer it considered.
// Every publish is guarded by `hasSubscribers`, so an app nobody observes pays one
// property read per handler call (and one per router walked, for "lib-server.layer").
import dc from "node:diagnostics_channel";
import { nodeModule } from "./deps.js";
import { invokeHandler, followPromise, callParamHandler, isThenable } from "./handler-call.js";

export const handlerChannel = dc.tracingChannel("express.router.request");
export const requestStart = dc.channel("lib-server.request.start");
export const requestEnd = dc.channel("lib-server.request.end");
export const layerChannel = dc.channel("lib-server.layer");
export const finalHandlerChannel = dc.channel("lib-server.final-handler");

const debug = nodeModule("node:util").debuglog("lib-server");
/** Read once: NODE_DEBUG is fixed for the life of the process. */
export const debugging = debug.enabled;

/** Logs why `layer` did not run for this request (NODE_DEBUG=lib-server only). */
export function explainSkip(layer, req, reason) {
  const what =
    layer.route !== undefined
      ? `route ${describePath(layer.rawPath)}`
      : `middleware ${layer.name} at ${describePath(layer.rawPath)}`;
  debug("%s %s: skipped %s: %s", req.method, req.originalUrl, what, reason);
}

const describePath = (path) => (Array.isArray(path) ? path.map(String).join(", ") : String(path));

/** Publishes the start of a request and, once its response closes, its end. */
export function traceRequest(app, request, response) {
  const message = { request, response, socket: request.socket, server: request.socket?.server, app };
  if (requestStart.hasSubscribers) requestStart.publish(message);
  if (requestEnd.hasSubscribers) response.once("close", () => requestEnd.publish(message));
}

/**
 * The function to call a layer with, as an Express layer's `handle`: published on
 * "lib-server.layer" as { req, res, layer, handle } for subscribers to replace `handle` with
 * a wrapper that calls it with the same arguments and returns what it returns (to run it
 * inside a span, and to see the `next` it is given), as instrumentation-express wraps each
 * Express layer's handle. A route's layer is entered through its handle (Route#dispatch)
 * while someone observes, so it is one call there too.
 */
export function observedHandle(layer, req, res) {
  const message = { req, res, layer, handle: layer.handle };
  layerChannel.publish(message);
  return message.handle;
}

const isSignal = (err) => err === "route" || err === "router";

// Errors already published for a request, so one failure is reported once, at its origin,
// not again by every router it passes through. The registered symbol is router 2.3's: an
// Express router mounted in a lib-server app (or the reverse) shares the record.
const publishedErrors = Symbol.for("router.tracing.publishedErrors");

/** Records `err` as seen for this request; true the first time (signals and falsy values never). */
function firstReport(req, err) {
  if (!err || isSignal(err)) return false;
  const seen = (req[publishedErrors] ??= new Set());
  if (seen.has(err)) return false;
  seen.add(err);
  return true;
}

/**
 * A middleware, route handler or error handler call inside the tracing channel, as router
 * 2.3 traces a layer: `layer` is the handler's own (a route's handler layer for route
 * handlers, as router 2.3 skips the route's dispatch wrapper), `path` where it matched.
 */
export function tracedHandlerCall(layer, path, fn, error, req, res, next) {
  const ctx = error
    ? {
        req,
        res,
        incomingError: error,
        layer,
        handler: fn,
        route: path,
        errorHandler: true,
        name: layer.name,
        mountPath: req.baseUrl,
      }
    : { req, res, layer, handler: fn, route: path, name: layer.name, mountPath: req.baseUrl };
  // As router 2.3 traces a layer, `end` comes before the returned promise is followed: a
  // thenable that rejects synchronously (or whose then() throws) is reported, and routed
  // on, after `end`.
  traced(ctx, next, (invoke, tracedNext, settle) => {
    const promise = invokeHandler(invoke, error, req, res, tracedNext);
    return promise === undefined ? undefined : () => followPromise(promise, tracedNext, settle);
  });
}

/** An app.param() callback inside the tracing channel; the context has `param`, its name. */
export function tracedParamCall(layer, path, fn, req, res, next, value, name) {
  const ctx = {
    req,
    res,
    layer,
    handler: fn,
    route: path,
    param: name,
    name: fn.name || "<anonymous>",
    mountPath: req.baseUrl,
  };
  traced(ctx, next, (invoke, tracedNext, settle) =>
    callParamHandler(invoke, req, res, tracedNext, value, name, settle),
  );
}

// The same call and the same outcome for the router, with start/end/asyncStart/asyncEnd/error
// published around it. `call(invoke, tracedNext, onSettle)` makes the untraced call with
// `invoke` in place of the handler; it may return a function to run after `end` (following
// a returned promise, for layers). An app.param() callback's promise is followed before
// `end`, as router 2.3 does.
function traced(ctx, next, call) {
  const fn = ctx.handler;
  const tracedNext = reportingNext(ctx, next);
  let async = false;
  let ended = false;
  let settled = false;
  let early = null;
  const invoke = (...args) => {
    let ret;
    try {
      ret = fn(...args);
    } catch (thrown) {
      recordThrown(ctx, thrown, true);
      throw thrown;
    }
    async = isThenable(ret);
    if (!async) ctx.result = ret;
    return ret;
  };
  const finish = (outcome, rejected) => {
    if (!rejected) ctx.result = outcome;
    else recordThrown(ctx, outcome, false);
    publishAsyncEnd(ctx);
  };
  const settle = (outcome, rejected) => {
    if (settled) return;
    settled = true;
    // a thenable settling synchronously still settles after `end`
    if (ended) finish(outcome, rejected);
    else early = () => finish(outcome, rejected);
  };
  handlerChannel.start.runStores(ctx, () => {
    let afterEnd;
    try {
      afterEnd = call(invoke, tracedNext, settle);
    } finally {
      publishEnd(ctx, async);
      ended = true;
      early?.();
    }
    afterEnd?.();
  });
}

// The next() a traced callback gets: it reports an error once, at its origin, before it
// moves on to another handler or router.
function reportingNext(ctx, next) {
  const { req, incomingError } = ctx;
  // The error an error handler receives did not originate there, even when nobody traced
  // its origin.
  if (ctx.errorHandler) firstReport(req, incomingError);
  return (err) => {
    // An error handler that recovers from its error, or replaces it, has dealt with it: the
    // same object failing again later is a new failure.
    if (ctx.errorHandler && err !== incomingError) req[publishedErrors]?.delete(incomingError);
    if (firstReport(req, err)) {
      ctx.error = err;
      handlerChannel.error.publish(ctx);
    }
    next(err);
  };
}

// A throw or rejection is the context's error (kept if one was reported already); a routing
// signal is not an error, and thrown synchronously it ends like next("route") and return.
function recordThrown(ctx, err, sync) {
  if (isSignal(err)) {
    if (sync) ctx.result = undefined;
  } else if (!("error" in ctx)) ctx.error = err;
}

// An error reported before the promise settled is hidden during `end`, so that `result` or
// `error` there still means "done".
function publishEnd(ctx, async) {
  if (!async || !("error" in ctx)) return handlerChannel.end.publish(ctx);
  const error = ctx.error;
  delete ctx.error;
  handlerChannel.end.publish(ctx);
  ctx.error = error;
}

// asyncEnd inside the stores asyncStart binds, as tracePromise scopes it.
function publishAsyncEnd(ctx) {
  handlerChannel.asyncStart.runStores(ctx, () => handlerChannel.asyncEnd.publish(ctx));
}
