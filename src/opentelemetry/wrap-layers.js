// LibServerInstrumentation and the monitoring adapters (src/monitoring/) wrap a layer's handle
// as instrumentation-express, or their tool's Express instrumentation, wraps it when the layer
// is registered: the router offers each layer a request enters on "lib-server.layer"
// (src/tracing.js), and the wrapper is made once per layer, again only if something replaced
// the layer's handle since.

/**
 * A "lib-server.layer" subscriber that hands each layer `wrap(layer, handle)`'s wrapper of its
 * handle (undefined: the handle as it is). `wrappers` (layer -> { handle, wrapped }) may be
 * given, for an adapter that asks which layers it wrapped.
 */
export function wrapEachLayer(wrap, wrappers = new WeakMap()) {
  return (message) => {
    const { layer, handle } = message;
    let entry = wrappers.get(layer);
    if (entry?.handle !== handle) wrappers.set(layer, (entry = { handle, wrapped: wrap(layer, handle) }));
    if (entry.wrapped !== undefined) message.handle = entry.wrapped;
  };
}
