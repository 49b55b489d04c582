// Request tracing, free when nobody listens.
//
// - diagnostics_channel tracing channel "express.router.request", the one router 2.3
//   (Express 5.3) publishes: start/end around each middleware or route handler call,
//   asyncStart/asyncEnd when its promise settles, error for a throw, a rejection or a
//   next(err) it originates. The context is router 2.3's ({ req, res, layer, handler,
//   route }) plus `name` and `mountPath`, so subscribers (APM agents, OpenTelemetry
//   instrumentations) written for Express work unchanged.
// - "lib-server.request.start" and "lib-server.request.end" for each request an app
//   handles, with the message shape of Node's "http.server.request.start" ({ request,
//   response, socket, server }) plus `app`.
// - NODE_DEBUG=lib-server: the router says why it skipped each layer it considered.
// Every publish is guarded by `hasSubscribers`, so an app nobody observes pays one
// property read per handler call.
import dc from "node:diagnostics_channel";
import { nodeModule } from "./deps.js";

export const handlerChannel = dc.tracingChannel("express.router.request");
export const requestStart = dc.channel("lib-server.request.start");
export const requestEnd = dc.channel("lib-server.request.end");

const debug = nodeModule("node:util").debuglog("lib-server");
/** Read once: NODE_DEBUG is fixed for the life of the process. */
export const debugging = debug.enabled;

/** Logs why `layer` did not run for this request (NODE_DEBUG=lib-server only). */
export function explainSkip(layer, req, reason) {
  const what = layer.route !== undefined ? `route ${describePath(layer.path)}` : `middleware ${layer.name} at ${describePath(layer.path)}`;
  debug("%s %s: skipped %s: %s", req.method, req.originalUrl, what, reason);
}

const describePath = (path) => (Array.isArray(path) ? path.map(String).join(", ") : String(path));

/** Publishes the start of a request and, once its response closes, its end. */
export function traceRequest(app, request, response) {
  const message = { request, response, socket: request.socket, server: request.socket?.server, app };
  if (requestStart.hasSubscribers) requestStart.publish(message);
  if (requestEnd.hasSubscribers) response.once("close", () => requestEnd.publish(message));
}

const isSignal = (err) => err === "route" || err === "router";

// Errors already published for a request, so one failure is reported once, at its origin,
// not again by every router it passes through. The registered symbol is router 2.3's: an
// Express router mounted in a lib-server app (or the reverse) shares the record.
const publishedErrors = Symbol.for("router.tracing.publishedErrors");

function publishError(ctx, err) {
  const seen = (ctx.req[publishedErrors] ??= new Set());
  if (seen.has(err)) return;
  seen.add(err);
  ctx.error = err;
  handlerChannel.error.publish(ctx);
}

/**
 * callHandler (layer.js) inside the tracing channel: the same call, the same outcome for
 * the router, with start/end/asyncStart/asyncEnd/error published around it.
 */
export function tracedCall(layer, fn, error, req, res, next) {
  const ctx = { req, res, layer, handler: fn, route: layer.path, name: fn.name || "<anonymous>", mountPath: req.baseUrl };
  const tracedNext = (err) => {
    // An error handler that recovers from its error, or replaces it, has dealt with it: the
    // same object failing again later is a new failure.
    if (error && err !== error) ctx.req[publishedErrors]?.delete(error);
    if (err && !isSignal(err)) publishError(ctx, err);
    next(err);
  };
  handlerChannel.start.runStores(ctx, () => {
    let ret;
    try {
      ret = error ? fn(error, req, res, tracedNext) : fn(req, res, tracedNext);
    } catch (thrown) {
      if (!isSignal(thrown)) publishError(ctx, thrown);
      handlerChannel.end.publish(ctx);
      return next(thrown);
    }
    const thenable = ret !== undefined && ret !== null && typeof ret.then === "function";
    if (!thenable) ctx.result = ret;
    handlerChannel.end.publish(ctx);
    if (!thenable) return;
    const settle = () => {
      handlerChannel.asyncStart.publish(ctx);
      handlerChannel.asyncEnd.publish(ctx);
    };
    try {
      ret.then(
        (value) => {
          ctx.result = value;
          settle();
        },
        (rejection) => {
          const err = rejection || new Error("Rejected promise");
          publishError(ctx, err);
          settle();
          next(err);
        },
      );
    } catch (thrown) {
      next(thrown); // a thenable whose then() throws
    }
  });
}
