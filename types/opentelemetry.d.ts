// Hand-written declarations for lib-server/opentelemetry: an OpenTelemetry instrumentation
// with instrumentation-express's options, for a lib-server app.
import type { Span } from "@opentelemetry/api";
import { InstrumentationBase, type InstrumentationConfig } from "@opentelemetry/instrumentation";
import type { Request } from "./index.js";

/** The `express.type` of a layer's span. */
export declare const LayerType: {
  readonly ROUTER: "router";
  readonly MIDDLEWARE: "middleware";
  readonly REQUEST_HANDLER: "request_handler";
};
export type LayerType = (typeof LayerType)[keyof typeof LayerType];

/** A layer's span name (`middleware - auth`, `router - /api`...) to match, as in ignoreLayers. */
export type IgnoreMatcher = string | RegExp | ((name: string) => boolean);

/** What spanNameHook and requestHook are told of the layer a request entered. */
export interface LibServerRequestInfo<T = Request> {
  request: T;
  /** The route constructed so far from the layers' registered paths ("/api/users/:id"). */
  route: string;
  layerType: LayerType;
}

export type SpanNameHook = (info: LibServerRequestInfo, defaultName: string) => string;
export type LibServerRequestHook = (span: Span, info: LibServerRequestInfo) => void;

export interface LibServerInstrumentationConfig extends InstrumentationConfig {
  /** Layers without a span, by name. */
  ignoreLayers?: IgnoreMatcher[];
  /** Layers without a span, by type. */
  ignoreLayersType?: LayerType[];
  /** Names each layer's span; its return value replaces `defaultName`. */
  spanNameHook?: SpanNameHook;
  /** Called with each layer's span when it starts (to add attributes). */
  requestHook?: LibServerRequestHook;
}

export declare class LibServerInstrumentation extends InstrumentationBase<LibServerInstrumentationConfig> {
  constructor(config?: LibServerInstrumentationConfig);
  protected init(): [];
}
