// The LibServerInstrumentation instances enabled in this process, whichever copy of
// instrumentation.js made them (the ES module, dist/opentelemetry.cjs), kept apart from it so
// that the monitoring adapter can ask without loading @opentelemetry/*: it adds none next to
// an app's own.
const ENABLED = Symbol.for("lib-server.opentelemetry.enabled");

export const markEnabled = (instrumentation) => (globalThis[ENABLED] ??= new Set()).add(instrumentation);

export const markDisabled = (instrumentation) => globalThis[ENABLED]?.delete(instrumentation);

/** True when a LibServerInstrumentation is enabled in this process. */
export const isLibServerInstrumented = () => globalThis[ENABLED]?.size > 0;
