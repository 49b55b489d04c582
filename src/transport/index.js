// The transport: everything between Node's servers and an app's handle(req, res). It builds
// the servers (HTTP/1.1, h2c, h2 with HTTP/1.1 through ALPN: listen.js, http2/), the classes
// Node creates requests and responses with (classes.js), moves requests and responses between
// apps (apps.js), and owns the servers' limits (limits.js), malformed requests
// (client-error.js), graceful shutdown (shutdown.js, signals.js) and multi-core serving
// (cluster.js); how an exchange ends early is exchange.js, which the final handler and the
// body parsers import themselves. The application reaches it through these names only; the
// transport knows of an app only app.request, app.response, app.parent, app.limits, app.server
// (the server it listens on), app.handle(req, res), app.close() and its events.
import "../node-internals/async-context-frame.js"; // before any request
import { multiCore } from "./loaders.js";

export { DEFAULT_LIMITS } from "./limits.js";
export { adoptServer, enterApp, leaveApp } from "./apps.js";
export { closeServer, listenServer } from "./listen.js";
export { closeServerOnSignals } from "./signals.js";
export const cluster = (createApp, options) => multiCore().cluster(createApp, options);
