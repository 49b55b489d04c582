// OpenTelemetry's zero-code set-up (`--require @opentelemetry/auto-instrumentations-node/register`),
// or any SDK that registers a global tracer provider, gives an Express app
// instrumentation-express's spans. A lib-server app gets the same from lib-server/opentelemetry's
// LibServerInstrumentation, which this adapter enables unless the app registered one itself.
// @opentelemetry/api and @opentelemetry/instrumentation are lib-server's optional peer
// dependencies: they are loaded here, once an SDK runs, and their absence costs a warning only.
import { isLibServerInstrumented } from "../opentelemetry/enabled.js";
import { loadOptional } from "./optional.js";
import { loadSentry } from "./sentry-sdk.js";

// Where @opentelemetry/api keeps what an SDK registered (its tracer provider under `trace`):
// index.js looks there for a running SDK.
const API_GLOBAL = Symbol.for("opentelemetry.js.api.1");

/** Enables LibServerInstrumentation, unless one is enabled already. */
export function attach() {
  let api, instrumentation, registerInstrumentations;
  try {
    api = loadOptional("@opentelemetry/api");
    ({ registerInstrumentations } = loadOptional("@opentelemetry/instrumentation"));
    instrumentation = loadOptional("lib-server/opentelemetry");
  } catch (error) {
    const [reason] = error.message.split("\n");
    warn(`${reason}; install @opentelemetry/api and @opentelemetry/instrumentation beside lib-server`);
    return;
  }
  if (isLibServerInstrumented()) return;
  // @opentelemetry/api hands the registered provider only to API versions it deems compatible
  // (the same major, a minor no newer than the registering one's); any other gets a no-op.
  if (api.trace.getTracerProvider() !== globalThis[API_GLOBAL].trace) {
    warn(
      "the @opentelemetry/api lib-server loads cannot use the tracer provider registered with " +
        `@opentelemetry/api ${globalThis[API_GLOBAL].version}: install one version of @opentelemetry/api, ` +
        "or register LibServerInstrumentation from lib-server/opentelemetry yourself",
    );
    return;
  }
  if (isSentrysProvider(api)) return;
  registerInstrumentations({ instrumentations: [new instrumentation.LibServerInstrumentation()] });
}

// Sentry registers a tracer provider of its own when asked to (`enableOpenTelemetrySetup`), for
// other libraries' OpenTelemetry spans; it gives an Express app no instrumentation-express, and
// its own spans of a lib-server app come from src/monitoring/sentry.js.
function isSentrysProvider(api) {
  if (globalThis.__SENTRY__ === undefined) return false;
  const provider = loadSentry()?.getClient()?.traceProvider;
  return provider !== undefined && provider === api.trace.getTracerProvider().getDelegate?.();
}

function warn(reason) {
  process.emitWarning(`lib-server traces no middleware or route for OpenTelemetry: ${reason}.`, "LibServerWarning");
}
