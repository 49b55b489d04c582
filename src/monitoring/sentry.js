// Sentry (@sentry/node 11) sees an Express 5 app through the code it injects into the `router`
// package's Layer#handleRequest at load time: a span per middleware, router and route, the
// transaction and its server span named after the route, and the first error of a request
// captured in the span of the layer it came from (@sentry/server-utils,
// integrations/express/instrumentation.js). This adapter does the same for a lib-server app,
// with Sentry's public API, wrapping each layer's handle on the "lib-server.layer" channel
// (src/tracing.js) as that injected code wraps Layer#handleRequest.
import dc from "node:diagnostics_channel";
import { registeredPath } from "../opentelemetry/layer-metadata.js";
import { constructedRoute, matchedRoute, popLayerPath, pushLayerPath } from "./sentry-route.js";
import { loadSentry } from "./sentry-sdk.js";
import { wrapEachLayer } from "../opentelemetry/wrap-layers.js";

const layerChannel = dc.channel("lib-server.layer");

const ORIGIN = "auto.http.express";
const OP = { middleware: "middleware", request_handler: "handler", router: "router" };
// Sentry's mark of a request whose error its Express integration captured (error-handled.js):
// setupExpressErrorHandler's middleware then leaves that error alone. No public API sets it;
// without it, the error would still be captured once (Sentry skips an error object it has
// captured), but the error middleware would set `res.sentry` to an event never sent.
const ERROR_HANDLED = "__sentry_express_error_handled__";

let Sentry;

/** Subscribes, if the app initialised a Sentry SDK that lib-server can load. */
export function attach() {
  Sentry = loadSentry();
  if (Sentry === undefined) {
    const reason = `@sentry/node ${globalThis.__SENTRY__.version} could not be loaded from the app or from lib-server`;
    process.emitWarning(`lib-server reports no middleware, route or error to Sentry: ${reason}.`, "LibServerWarning");
    return;
  }
  // Loaded by some package, not initialised: nothing to report to.
  if (Sentry.getClient() !== undefined) layerChannel.subscribe(wrapEachLayer(tracedHandle));
}

// As Sentry's getLayerType.
const layerType = ({ name }) =>
  name === "router" ? "router" : name === "bound dispatch" || name === "handle" ? "request_handler" : "middleware";

// As Sentry's: a falsy value or a routing signal passed to next() is no error.
const failed = (err) => Boolean(err) && err !== "route" && err !== "router";

// What Sentry's injected Layer#handleRequest does around a call: the layer's outcome is its
// next(err), or a throw or rejection (which Layer#handleRequest turns into next(err) on Express).
function tracedHandle(layer, handle) {
  const type = layerType(layer);
  const path = registeredPath(layer);
  return function sentryTracedLayer(req, res, next) {
    const entered = enterLayer(req, res, layer, type, path);
    const callerScope = Sentry.getCurrentScope();
    let done = false;
    const settle = (err) => {
      if (done) return;
      done = true;
      if (failed(err)) captureLayerError(req, err, entered?.span);
      if (entered !== undefined) leaveLayer(req, entered, err);
    };
    // The next layer runs in the scope this one was entered in, its parent span active.
    const tracedNext = function (err) {
      settle(err);
      return Sentry.withScope(callerScope, () => next.apply(this, arguments));
    };
    let result;
    try {
      result =
        entered === undefined
          ? handle(req, res, tracedNext)
          : Sentry.withActiveSpan(entered.span, () => handle(req, res, tracedNext));
    } catch (thrown) {
      settle(thrown);
      throw thrown;
    }
    if (typeof result?.then === "function") result.then(undefined, settle);
    return result;
  };
}

// Sentry's getSpanForLayer: inside a request's span only, the layer's path joins the route,
// the server span and the transaction take the route's name, and the layer gets a span.
function enterLayer(req, res, layer, type, path) {
  if (Sentry.getActiveSpan() === undefined) return undefined;
  const stored = path !== undefined;
  if (stored) pushLayerPath(req, path);
  const route = constructedRoute(req);
  const matched = matchedRoute(req, route);
  if (matched) nameServerSpan(matched);
  if (type === "request_handler" && route) {
    const method = typeof req.method === "string" ? req.method.toUpperCase() : "GET";
    Sentry.getIsolationScope().setTransactionName(`${method} ${route}`);
  }
  const span = Sentry.startInactiveSpan({
    name: spanName(type, layer, route, matched),
    attributes: {
      [Sentry.SEMANTIC_ATTRIBUTE_SENTRY_ORIGIN]: ORIGIN,
      [Sentry.SEMANTIC_ATTRIBUTE_SENTRY_OP]: OP[type],
      "express.name": expressName(type, layer, route),
      "express.type": type,
      "http.route": matched,
    },
  });
  // A layer that answers without calling next() ends with the response.
  const onFinish = () => {
    stopListening();
    span.end();
  };
  const onClose = () => {
    stopListening();
    span.setStatus({ code: SPAN_STATUS_ERROR, message: "cancelled" });
    span.end();
  };
  const stopListening = () => {
    res.removeListener("finish", onFinish);
    res.removeListener("close", onClose);
  };
  res.once("finish", onFinish);
  res.once("close", onClose);
  return { span, stored, stopListening };
}

const SPAN_STATUS_ERROR = 2;

// A router layer of router 2 (Express 5) has no `path`, so Sentry names every router "/".
const expressName = (type, layer, route) =>
  type === "request_handler" ? route || "request handler" : type === "router" ? "/" : layer.name;

// With span streaming (Sentry 11's default), routers and routes are named by the matched route.
function spanName(type, layer, route, matched) {
  if (Sentry.getClient()?.getOptions().traceLifecycle === "stream") {
    if (type === "router") return matched || "Router";
    if (type === "request_handler") return matched || "Request handler";
  }
  return expressName(type, layer, route);
}

// Sentry's setHttpServerSpanRouteAttribute.
function nameServerSpan(route) {
  const rootSpan = Sentry.getRootSpan(Sentry.getActiveSpan());
  const { attributes = {} } = Sentry.spanToJSON(rootSpan);
  if (attributes[Sentry.SEMANTIC_ATTRIBUTE_SENTRY_OP] !== "http.server") return;
  const method = attributes["http.request.method"] || attributes["http.method"] || "GET";
  rootSpan.setAttribute("http.route", route);
  rootSpan.updateName(`${method} ${route}`);
  rootSpan.setAttribute("sentry.segment.name.source", "route");
}

function leaveLayer(req, { span, stored, stopListening }, err) {
  if (stored) popLayerPath(req);
  if (span === undefined) return;
  if (failed(err)) {
    const isObject = typeof err === "object";
    const message = isObject ? err.message : err;
    span.setStatus({ code: SPAN_STATUS_ERROR, message: message ? String(message) : undefined });
    span.setAttributes({ "error.type": isObject && "name" in err ? String(err.name) : "unknown" });
  }
  stopListening();
  span.end();
}

// Sentry's captureLayerError: a request's first error, in the span of the layer it came from,
// if its status is 500 or more (or it has none).
function captureLayerError(req, error, span) {
  if (req[ERROR_HANDLED]) return;
  Object.defineProperty(req, ERROR_HANDLED, { value: true, writable: true, configurable: true });
  if (statusOf(error) < 500) return;
  const capture = () => Sentry.captureException(error, { mechanism: { type: ORIGIN, handled: false } });
  if (span === undefined) capture();
  else Sentry.withActiveSpan(span, capture);
}

function statusOf(error) {
  const status = error.status || error.statusCode || error.status_code || error.output?.statusCode;
  return status ? parseInt(status, 10) : 500;
}
