// Monitoring tools set up as their docs tell an Express user (Sentry, Datadog, New Relic,
// Elastic, OpenTelemetry's zero-code set-up) find Express by patching the module named
// `express` and the `router` package's files when they load; lib-server has neither. Each
// tool that is running gets an adapter here instead: it subscribes to lib-server's
// diagnostics channels (src/tracing.js) and tells the tool, through the tool's own API, what
// its Express instrumentation would have told it (the route, the layers, the errors).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

// Every tool is started before the app is made (their docs put the set-up on the first line,
// or in a --require/--import preload), so looking once per app made costs a request nothing.
// An app nobody monitors loads no adapter and subscribes to nothing.
// Each: { name, isRunning(), load() }: whether the tool is running in this process (read off
// what it leaves on globalThis), and its adapter module, loaded on first sight (a
// `require("./x.js")` of this module's own `createRequire(import.meta.url)`), whose
// `attach()` subscribes it, once.
const ADAPTERS = [
  // newrelic's index.js leaves its API in require.cache; a disabled agent leaves a stub, no `agent`
  { name: "newrelic", isRunning: () => require.cache.__NR_cache?.agent != null, load: () => require("./newrelic.js") },
  // elastic-apm-node's start() sets globalThis[Symbol("ElasticAPMAgentInitialized")] = true:
  // a symbol of its own, found by its description.
  {
    name: "elastic-apm-node",
    isRunning: () =>
      Object.getOwnPropertySymbols(globalThis).some(
        (symbol) => symbol.description === "ElasticAPMAgentInitialized" && globalThis[symbol] === true,
      ),
    load: () => require("./elastic.js"),
  },
  {
    name: "opentelemetry",
    // An SDK registered a tracer provider with @opentelemetry/api.
    isRunning: () => globalThis[Symbol.for("opentelemetry.js.api.1")]?.trace !== undefined,
    load: () => require("./opentelemetry.js"),
  },
  {
    name: "sentry",
    // A Sentry SDK is loaded: its global carrier.
    isRunning: () => globalThis.__SENTRY__ !== undefined,
    load: () => require("./sentry.js"),
  },
  // dd-trace's tracer, once init() ran (dd-trace/init, or require("dd-trace").init())
  { name: "datadog", isRunning: () => globalThis._ddtrace?._initialized === true, load: () => require("./datadog.js") },
];

// The adapters attached in this process: one record for every copy of lib-server loaded (the
// ES module, dist/lib-server.cjs, another version), since they publish on the same channels.
const ATTACHED = Symbol.for("lib-server.monitoring.attached");

/** Attaches the adapter of every monitoring tool now running that has none yet. */
export function attachMonitoring() {
  const attached = (globalThis[ATTACHED] ??= new Set());
  for (const adapter of ADAPTERS) {
    if (attached.has(adapter.name) || !adapter.isRunning()) continue;
    attached.add(adapter.name);
    adapter.load().attach();
  }
}
