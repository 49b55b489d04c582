// Graceful shutdown of an http.Server: stop accepting, let in-flight requests finish,
// close keep-alive connections as soon as they are idle, force the rest at a deadline.
// Nothing is tracked per request while serving: the work starts when close starts, on the
// connection list Node keeps for closeIdleConnections() (Node 18.2+; without it, busy
// connections are only marked from their next request on).

import { connectionsOf, idleConnectionsOf, lastRequestOnSocket, responseOnSocket } from "./node-internals.js";

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
    // server.close() and the sweep below close idle connections through this method: for
    // the close, one that spares connections that have sent nothing yet (see below).
    server.closeIdleConnections = closeIdleConnections;
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
      delete server.closeIdleConnections; // Node's own again
      if (err && err.code !== "ERR_SERVER_NOT_RUNNING") reject(err);
      else resolve();
    });
  });
  return server._gracefulClose;
}

function closeAfterResponse(req, res) {
  if (res && !res.headersSent) res.shouldKeepAlive = false;
}

// Node's closeIdleConnections() (as server.close() calls it, on the server), except for
// connections that have sent nothing yet: Node 26 counts those as idle and closes them at
// once, so a request written right after connecting (as a proxy does) would find its
// connection gone; Node 22 and 24 leave them be. Here they get SILENT_GRACE_MS on every line.
function closeIdleConnections() {
  for (const socket of idleConnectionsOf(this)) {
    if (socket.bytesRead === 0) continue;
    const res = responseOnSocket(socket);
    if (!res || res.finished) socket.destroy();
  }
}

// Connections that never started a request, once their grace is over.
function closeSilentConnections(server) {
  for (const socket of connectionsOf(server)) {
    if (socket.bytesRead === 0 && !responseOnSocket(socket)) socket.destroy();
  }
}
