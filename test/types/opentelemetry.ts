// lib-server/opentelemetry as an app registers it, with instrumentation-express's options.
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { LibServerInstrumentation, LayerType, type LibServerInstrumentationConfig } from "lib-server/opentelemetry";

const config: LibServerInstrumentationConfig = {
  ignoreLayers: ["middleware - cors", /^router/, (name) => name.endsWith("health")],
  ignoreLayersType: [LayerType.MIDDLEWARE, "router"],
  spanNameHook: (info, defaultName) =>
    info.layerType === LayerType.REQUEST_HANDLER ? `${info.request.method} ${info.route}` : defaultName,
  requestHook: (span, info) => {
    span.setAttribute("app.user", String(info.request.get("x-user") ?? ""));
  },
};
const instrumentation = new LibServerInstrumentation(config);
registerInstrumentations({ instrumentations: [new HttpInstrumentation(), instrumentation] });
instrumentation.disable();
const type: LayerType = LayerType.ROUTER;

// @ts-expect-error: not a layer type
const wrong: LibServerInstrumentationConfig = { ignoreLayersType: ["handler"] };

export { type, wrong };
