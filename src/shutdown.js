// Graceful shutdown of an http.Server: stop accepting, let in-flight requests finish,
// close keep-alive connections as soon as they are idle, force the rest at a deadline.
// Nothing is tracked per request while serving: the work starts when close starts, on the
// connection list Node keeps for closeIdleConnections() (Node 18.2+; without it, busy
// connections are only marked from their next request on).

import { connectionsOf, lastRequestOnSocket, responseOnSocket } from "./node-internals.js";

const IDLE_SWEEP_MS = 50;
// A connection that has sent nothing yet when close starts may be carrying its first
// request (a proxy writes it right after connecting), or may be a browser's speculative
// one that never will: it gets this long before it is closed.
const SILENT_GRACE_MS = 1_000;

export function gracefulClose(server, { timeout = 10_000 } = {}) {
  if (server._gracefulClose) return server._gracefulClose;
  server._gracefulClose = new Promise((resolve, reject) => {
    const started = performance.now();
    // Responses still to be written say "Connection: close", so keep-alive clients (and
    // proxies) don't send another request on a connection about to close. Only the last
    // request read on a connection is marked: pipelined ones behind it are answered first.
    for (const socket of connectionsOf(server)) closeAfterResponse(undefined, lastRequestOnSocket(socket)?.res); // req.res: set by app.handle
    // Ahead of the app's own listener, which may answer synchronously.
    server.prependListener("request", closeAfterResponse);
    // Connections become idle as their responses finish; sweep them until none remain.
    const sweep = setInterval(() => {
      server.closeIdleConnections();
      if (performance.now() - started >= SILENT_GRACE_MS) closeSilentConnections(server);
    }, IDLE_SWEEP_MS);
    const deadline = setTimeout(() => server.closeAllConnections(), timeout);
    deadline.unref();
    server.close((err) => {
      clearInterval(sweep);
      clearTimeout(deadline);
      server.off("request", closeAfterResponse);
      if (err && err.code !== "ERR_SERVER_NOT_RUNNING") reject(err);
      else resolve();
    });
  });
  return server._gracefulClose;
}

function closeAfterResponse(req, res) {
  if (res && !res.headersSent) res.shouldKeepAlive = false;
}

// closeIdleConnections() spares connections that never started a request.
function closeSilentConnections(server) {
  for (const socket of connectionsOf(server)) {
    if (socket.bytesRead === 0 && !responseOnSocket(socket)) socket.destroy();
  }
}
