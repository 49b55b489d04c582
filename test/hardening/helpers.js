// The hardening tests' server: the app's own listen() (so its limits apply) and its own
// graceful close(). Requests, raw exchanges and statusesOf come from ../helpers/server.js.
import { start } from "../helpers/server.js";

/** Listens with app.listen() on 127.0.0.1:0; resolves to start()'s { port, server, ... } with close() = app.close(). */
export async function serve(app) {
  return { ...(await start(app, { via: "listen" })), close: () => app.close() };
}
