// lib-server/opentelemetry: an OpenTelemetry instrumentation giving a lib-server app the
// spans @opentelemetry/instrumentation-express gives an Express app. Its own entry point,
// so that importing "lib-server" never loads @opentelemetry/* (optional peer dependencies).
export { LibServerInstrumentation } from "./instrumentation.js";
export { LayerType } from "./layer-metadata.js";
