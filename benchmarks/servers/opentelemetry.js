// OpenTelemetry tracing as a service runs it, for the cost of an instrumentation per
// request: the SDK's tracer provider (every span sampled), instrumentation-http and the
// framework's instrumentation; spans go to an exporter that drops them, so what is counted
// is making them, not shipping them. Call before the framework is loaded: an instrumentation
// that hooks require() (instrumentation-express) patches only what loads after it.
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";

const dropSpans = { export: (spans, done) => done({ code: 0 }), shutdown: async () => {} };

export function startTracing(frameworkInstrumentation) {
  new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(dropSpans)] }).register();
  registerInstrumentations({ instrumentations: [new HttpInstrumentation(), frameworkInstrumentation] });
}
