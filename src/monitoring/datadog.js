// Datadog (dd-trace): its Express support is two plugins fed by its own instrumentation of the
// `express` and `router` modules, which lib-server is not. This adapter feeds the same plugins
// the same messages on the same diagnostics channels, so that they build what they build for
// Express 5: the request span named `express.request`, its resource `GET /users/:id` (and
// `http.route`), a `router.middleware` span per layer and per route handler, nested as the
// layers nest, and the error (`error.message`, `error.type`, `error.stack`) on the spans it
// passed through and on the request span. These channels are dd-trace's internals (its
// datadog-instrumentations/src/express.js and router.js publish them; dd-trace has no public
// API for feeding an integration): test/monitoring/tools/datadog.test.js checks them against
// what dd-trace reports for Express 5.
//
// What each layer of a router's stack does is seen exactly, by wrapping its handle
// ("lib-server.layer"), as dd-trace wraps router 2's Layer#handleRequest. Route handlers and
// error handlers are not offered for wrapping: they are followed on the tracing channel
// "express.router.request", and when one called next() is told by what runs after it.
import dc from "node:diagnostics_channel";
import { wrapEachLayer } from "../opentelemetry/wrap-layers.js";

const layerChannel = dc.channel("lib-server.layer");
const handlerChannel = dc.tracingChannel("express.router.request");
const requestStart = dc.channel("lib-server.request.start");

// dd-trace's: a module of an integration loaded, express's app.handle called, router 2's layers.
const loadChannel = dc.channel("dd-trace:instrumentation:load");
const handleChannel = dc.channel("apm:express:request:handle");
const [enter, exit, next, finish, error, repeat] = ["enter", "exit", "next", "finish", "error", "repeat"].map((event) =>
  dc.channel(`apm:router:middleware:${event}`),
);

/** Subscribes to lib-server's channels what dd-trace's enabled plugins listen to. */
export function attach() {
  announceModules();
  // The express plugin names the request span; the router plugin builds the rest. Either may
  // be disabled (DD_TRACE_EXPRESS_ENABLED=false, DD_TRACE_DISABLED_PLUGINS, ...), as for Express.
  if (handleChannel.hasSubscribers) requestStart.subscribe(onRequest);
  if (enter.hasSubscribers) {
    layerChannel.subscribe(wrapEachLayer(traced));
    handlerChannel.subscribe({ start: onHandlerStart, end: onHandlerEnd, error: onHandlerError });
  }
}

// dd-trace turns an integration's plugin on when its instrumentation says the module loaded
// (as its own instrumentation of the global fetch does, having no module to hook): the plugin
// manager then applies DD_TRACE_EXPRESS_ENABLED, DD_TRACE_ROUTER_ENABLED, DD_TRACE_DISABLED_PLUGINS
// and tracer.use(). An instrumentation disabled by DD_TRACE_DISABLED_INSTRUMENTATIONS never
// says so: neither does this adapter.
function announceModules() {
  const disabled = new Set(process.env.DD_TRACE_DISABLED_INSTRUMENTATIONS?.split(",")); // as dd-trace reads it
  for (const name of ["express", "router"]) if (!disabled.has(name)) loadChannel.publish({ name });
}

// As Express's app.handle publishes it: the plugin renames the HTTP request span.
const onRequest = ({ request }) => handleChannel.publish({ req: request });

// A request's open layer frames, in the order entered: the middleware spans dd-trace's router
// plugin has open for it, which it ends last-opened first. Each frame: { name, calls,
// followed (a handler followed on the tracing channel), route (a route's layer),
// errorHandler }.
const framesOf = new WeakMap();
// The tracing context of a followed handler -> its frame.
const followedFrames = new WeakMap();

function frames(req) {
  let list = framesOf.get(req);
  if (list === undefined) framesOf.set(req, (list = []));
  return list;
}

function open(req, frame, route, layer) {
  frames(req).push(frame);
  enter.publish({ name: frame.name, req, route, layer });
}

// A frame's next(err), as dd-trace's wrapped `next` reports it: the first call ends the span
// (with the error, if any), a second is noted on the request span.
function reportNext(req, frame, err) {
  frame.calls++;
  if (frame.calls === 1) {
    if (err && err !== "route" && err !== "router") error.publish({ req, error: err });
    next.publish({ req });
    finish.publish({ req });
    frames(req).pop();
  } else if (frame.calls === 2) repeat.publish({ req, name: frame.name, error: err });
}

// Ends the followed handlers still open on top of the request's frames while `test(frame)`
// holds: they called next(), which only what runs next tells.
function closeFollowed(req, err, test) {
  const list = frames(req);
  for (let top = list.at(-1); top?.followed && top.calls === 0 && test(top); top = list.at(-1)) {
    reportNext(req, top, err);
  }
}

// A layer of a router's stack about to be entered: its handle is wrapped, as dd-trace wraps
// router 2's Layer#handleRequest.
function traced(layer, handle) {
  return function datadogTraced(req, res, callNext) {
    // An error handler still open before a middleware or route: it recovered with next().
    closeFollowed(req, undefined, (frame) => frame.errorHandler);
    const frame = { name: nameOf(layer), calls: 0, followed: false, route: layer.route, errorHandler: false };
    open(req, frame, pathOf(layer), layer);
    const leave = (err) => {
      if (frame.calls === 0) closeFollowed(req, err, () => true);
      reportNext(req, frame, err);
    };
    try {
      const result = handle(req, res, function next(err) {
        leave(err);
        return callNext.apply(this, arguments);
      });
      // lib-server routes a rejection to next(); dd-trace sees it as router 2 passes it on
      if (typeof result?.then === "function")
        result.then(undefined, (err) => leave(err || new Error("Rejected promise")));
      return result;
    } catch (thrown) {
      leave(thrown);
      throw thrown;
    } finally {
      exit.publish({ req });
    }
  };
}

// A handler call on the tracing channel: a route's handler or an error handler is followed
// (the layers of a router's stack are the wrapper's).
function onHandlerStart(ctx) {
  if (ctx.param !== undefined) return; // app.param() callbacks have no span on Express
  const { req, layer } = ctx;
  const routeFrame = frames(req).findLast((frame) => frame.route !== undefined);
  if (routeFrame?.route.stack.includes(layer)) {
    // The route's handler before it called next() (next(err) of a new error ended it already).
    closeFollowed(req, ctx.errorHandler ? ctx.incomingError : undefined, () => true);
    follow(ctx, undefined);
  } else if (ctx.errorHandler) {
    // An error handler before it passed the same error on.
    closeFollowed(req, ctx.incomingError, (frame) => frame.errorHandler);
    follow(ctx, pathOf(layer));
  }
}

function follow(ctx, route) {
  const frame = {
    name: nameOf(ctx.layer),
    calls: 0,
    followed: true,
    route: undefined,
    errorHandler: ctx.errorHandler === true,
  };
  followedFrames.set(ctx, frame);
  open(ctx.req, frame, route, ctx.layer);
}

function onHandlerEnd(ctx) {
  if (followedFrames.has(ctx)) exit.publish({ req: ctx.req });
}

// A followed handler threw, rejected or called next(err) with a new error: published before
// the router moves on, as its wrapped next() would.
function onHandlerError(ctx) {
  const frame = followedFrames.get(ctx);
  if (frame !== undefined && frame.calls === 0) {
    closeFollowed(ctx.req, ctx.error, (top) => top !== frame);
    reportNext(ctx.req, frame, ctx.error);
  }
}

// dd-trace names a layer after its handle's `_name`, else the layer's name.
const nameOf = (layer) => layer.handle?._name || layer.name;

// A layer's path as dd-trace's router instrumentation records it for the route: a string as it
// is, a RegExp in parentheses, and nothing for an array of paths (it cannot tell which one
// matched a router 2 layer, so an Express 5 route on several paths has the resource `GET`).
const pathOf = ({ rawPath }) =>
  typeof rawPath === "string" ? rawPath : rawPath instanceof RegExp ? `(${rawPath})` : undefined;
