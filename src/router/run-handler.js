// Running one handler, the one way the router does it, for both of its callers: a router's
// walk (dispatch.js: middleware and route handlers) and a route run on its own
// (Route#dispatch, route.js). Two rules hold for every call:
// - traced while someone subscribes to "express.router.request" (tracing.js), otherwise
//   called as Express calls it (Layer#handleRequest / handleError → handler-call.js);
// - at most MAX_SYNC_CALLS handlers called in a row without one returning: past that the
//   call waits for setImmediate, so a long chain of synchronous next() calls cannot
//   overflow the stack.
import * as tracing from "../tracing.js";
import * as handlerCall from "../handler-call.js";

// Consts of this module, not imported bindings: optimized code reads an imported binding
// through its module cell at every use (see headers.js), and these are read per handler.
const { handlerChannel, tracedHandlerCall } = tracing;
const { callHandler } = handlerCall;

export const MAX_SYNC_CALLS = 100;

/**
 * Calls `layer`'s handler with `error` pending, now or after setImmediate. `run` is the walk
 * or route run calling it: `req`, `res`, the `next` it hands its handlers, its `depth` (calls
 * in a row) and `tracedRoute(layer)`, the path a trace reports. `handle` is the layer's own
 * unless an observer wrapped it ("lib-server.layer", dispatch.js's ObservedWalk).
 */
export function runHandler(run, layer, error, handle = layer.handle) {
  if (++run.depth > MAX_SYNC_CALLS) {
    setImmediate(runHandler, run, layer, error, handle); // the stack has unwound by then
    return;
  }
  const { req, res, next } = run;
  // A route's own layer is not traced: its handlers are, one by one (as router 2.3 does).
  if (handlerChannel.hasSubscribers && layer.route === undefined)
    tracedHandlerCall(layer, run.tracedRoute(layer), handle, error, req, res, next);
  else if (handle !== layer.handle) callHandler(handle, error, req, res, next);
  else if (error) layer.handleError(error, req, res, next);
  else layer.handleRequest(req, res, next);
  run.depth = 0;
}
