// The routers app on lib-server, traced by lib-server/opentelemetry (with instrumentation-http).
// npm run bench:instructions -- routers --file benchmarks/servers/routers/lib-server-opentelemetry.js
import { LibServerInstrumentation } from "../../../src/opentelemetry/index.js";
import { startTracing } from "../opentelemetry.js";

startTracing(new LibServerInstrumentation());
const { default: Server } = await import("../../../src/index.js");
const { default: routersApp } = await import("./app.js");
const { port, host, ready } = await import("../ready.js");

routersApp(new Server(), Server.Router).listen(port, host, ready);
