// OpenTelemetry for a lib-server app, set up as a --require preload; each request's spans
// are printed (indented under their parent) instead of exported.
//   node --require ./examples/opentelemetry.cjs examples/tracing.js   then   curl localhost:3000/api/items/7
// In production, export to a collector (OTLP) in place of the printer, with NodeSDK as in
// docs/observability.md or with these pieces.
const { registerInstrumentations } = require("@opentelemetry/instrumentation");
const { NodeTracerProvider } = require("@opentelemetry/sdk-trace-node");
const { SimpleSpanProcessor } = require("@opentelemetry/sdk-trace-base");
const { HttpInstrumentation } = require("@opentelemetry/instrumentation-http");
const { LibServerInstrumentation } = require("lib-server/opentelemetry");

const SERVER = 1; // SpanKind.SERVER
const byTrace = new Map(); // trace id → its finished spans

const printer = {
  export(spans, done) {
    for (const span of spans) {
      const traceId = span.spanContext().traceId;
      byTrace.set(traceId, [...(byTrace.get(traceId) ?? []), span]);
      // the layers' spans may end when the response closes, just after the server span
      if (span.kind === SERVER) setTimeout(() => printTrace(traceId), 50);
    }
    done({ code: 0 });
  },
  shutdown: async () => {},
};

function printTrace(traceId) {
  const spans = byTrace.get(traceId);
  byTrace.delete(traceId);
  const print = (span, depth) => {
    const { "http.route": route, "express.type": type } = span.attributes;
    const error = span.status.code === 2 ? `  ERROR${span.status.message ? ` ${span.status.message}` : ""}` : "";
    console.log(
      `${"  ".repeat(depth)}${span.name}${type ? `  [${type}]` : ""}${route ? `  http.route=${route}` : ""}${error}`,
    );
    for (const child of spans.filter((s) => s.parentSpanContext?.spanId === span.spanContext().spanId))
      print(child, depth + 1);
  };
  for (const root of spans.filter((span) => span.kind === SERVER)) print(root, 0);
}

new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(printer)] }).register();
registerInstrumentations({ instrumentations: [new HttpInstrumentation(), new LibServerInstrumentation()] });
