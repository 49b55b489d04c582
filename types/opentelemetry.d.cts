// require("lib-server/opentelemetry"): the same names as the ES module (opentelemetry.d.ts).
export * from "./opentelemetry.js";
