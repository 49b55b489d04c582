// The routers app on Express 5, traced by instrumentation-express (with instrumentation-http).
// npm run bench:instructions -- routers --file benchmarks/servers/routers/express-opentelemetry.js
import { createRequire } from "node:module";
import { ExpressInstrumentation } from "@opentelemetry/instrumentation-express";
import { startTracing } from "../opentelemetry.js";

startTracing(new ExpressInstrumentation());
// require(), where instrumentation-express's hook sees Express (an ES import goes around it).
const express = createRequire(import.meta.url)("express");
const { default: routersApp } = await import("./app.js");
const { port, host, ready } = await import("../ready.js");

routersApp(express(), express.Router).listen(port, host, ready);
