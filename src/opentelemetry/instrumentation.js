// LibServerInstrumentation: the spans instrumentation-express gives an Express app, for a
// lib-server app. instrumentation-express wraps each Express layer's handle when use() or
// route() registers it; lib-server offers the same wrapping point per request instead, on
// the "lib-server.layer" diagnostics channel (src/tracing.js), which the router publishes
// only while someone subscribes. Subscribing here rather than patching lib-server's
// prototypes costs an app nothing until the instrumentation is enabled, reaches every copy
// of lib-server in the process (the ES module, dist/lib-server.cjs, another version) without
// module hooks, and sees layers registered before the instrumentation was.
import dc from "node:diagnostics_channel";
import { context, createContextKey, diag, SpanStatusCode, trace } from "@opentelemetry/api";
import { InstrumentationBase, safeExecuteInTheMiddle } from "@opentelemetry/instrumentation";
import { createRequire } from "node:module";
import { LayerType, isLayerIgnored, layerMetadata, registeredPath } from "./layer-metadata.js";
import { constructedRoute, matchedRoute, popLayerPath, pushLayerPath } from "./route-store.js";
import { markDisabled, markEnabled } from "./enabled.js";
import { wrapEachLayer } from "./wrap-layers.js";

const layerChannel = dc.channel("lib-server.layer");
// By the package's name, which resolves the same from src/ and from dist/opentelemetry.cjs.
const { version } = createRequire(import.meta.url)("lib-server/package.json");

// @opentelemetry/core's RPC metadata, where instrumentation-http reads the route of its
// server span (its name, `http.route`, its metrics' `http.route`). The key is made from a
// registered symbol, so this is core's key without a dependency on core.
const RPC_METADATA = createContextKey("OpenTelemetry SDK Context Key RPC_METADATA");
const RPC_TYPE_HTTP = "http";

export class LibServerInstrumentation extends InstrumentationBase {
  constructor(config = {}) {
    super("lib-server/opentelemetry", version, config);
  }

  // Nothing to hook in a module: the router publishes its layers (see above).
  init() {
    return [];
  }

  // Also called by InstrumentationBase's constructor, before this class's fields exist.
  enable() {
    super.enable();
    this._onLayer ??= wrapEachLayer((layer, handle) => this._traceLayer(layer, handle));
    if (!this._subscribed) layerChannel.subscribe(this._onLayer);
    this._subscribed = true;
    markEnabled(this);
  }

  disable() {
    super.disable();
    if (this._subscribed) layerChannel.unsubscribe(this._onLayer);
    this._subscribed = false;
    markDisabled(this);
  }

  // What instrumentation-express's wrapper of an Express layer's handle does, step by step.
  _traceLayer(layer, handle) {
    const instrumentation = this;
    const layerPath = registeredPath(layer);
    return function tracedLayer(req, res, next) {
      const stored = pushLayerPath(req, layerPath);
      const route = constructedRoute(req);
      const httpRoute = matchedRoute(req);
      const { name, type, attributes } = layerMetadata(route, layer, layerPath);
      const rpcMetadata = context.active().getValue(RPC_METADATA);
      if (rpcMetadata?.type === RPC_TYPE_HTTP) rpcMetadata.route = httpRoute;

      if (isLayerIgnored(name, type, instrumentation.getConfig())) {
        // No span, so no next() to pop its path; a router's routes still need it.
        if (type !== LayerType.ROUTER && stored) popLayerPath(req);
        return handle(req, res, next);
      }
      const parentContext = context.active();
      if (trace.getSpan(parentContext) === undefined) return handle(req, res, next);

      const info = { request: req, layerType: type, route };
      const span = instrumentation.tracer.startSpan(instrumentation._spanName(info, name), {
        attributes: { "http.route": httpRoute, ...attributes },
      });
      const { requestHook } = instrumentation.getConfig();
      if (requestHook) {
        safeExecuteInTheMiddle(
          () => requestHook(span, info),
          (e) => e && diag.error("lib-server instrumentation: request hook failed", e),
          true,
        );
      }
      // A router's span ends at once and its layers are its siblings, as in instrumentation-express.
      let ended = type === LayerType.ROUTER;
      if (ended) span.end();
      const layerContext = ended ? parentContext : trace.setSpan(parentContext, span);
      const endOnClose = () => {
        if (ended) return;
        ended = true;
        span.end();
      };
      const tracedNext = function (err) {
        const failed = err !== undefined && err !== null && err !== "route" && err !== "router";
        if (!ended && failed) recordError(span, err);
        if (!ended) {
          ended = true;
          req.res?.removeListener("close", endOnClose);
          span.end();
        }
        if (!(req.route && failed) && stored) popLayerPath(req);
        // The next layer runs in this layer's parent span, with whatever else the layer
        // put in the context (baggage).
        const parentSpan = trace.getSpan(parentContext);
        const nextContext = parentSpan ? trace.setSpan(context.active(), parentSpan) : context.active();
        return context.with(nextContext, next, this, ...arguments);
      };
      try {
        return context.with(layerContext, handle, undefined, req, res, tracedNext);
      } catch (thrown) {
        recordError(span, thrown);
        throw thrown;
      } finally {
        // Not done yet: it will call next() later, or answer without calling it.
        if (!ended) res.once("close", endOnClose);
      }
    };
  }

  _spanName(info, defaultName) {
    const { spanNameHook } = this.getConfig();
    if (typeof spanNameHook !== "function") return defaultName;
    try {
      return spanNameHook(info, defaultName) ?? defaultName;
    } catch (err) {
      diag.error("lib-server instrumentation: error calling span name rewrite hook", err);
      return defaultName;
    }
  }
}

function recordError(span, err) {
  const [error, message] = err instanceof Error ? [err, err.message] : [String(err), String(err)];
  span.recordException(error);
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}
