// Graceful shutdown of an http.Server: stop accepting, let in-flight requests finish,
// close keep-alive connections as soon as they are idle, force the rest at a deadline.
// Nothing is tracked per request while serving: the work starts when close starts, on the
// connection list Node keeps for closeIdleConnections() (Node 18.2+; without it, busy
// connections are only marked from their next request on). A server of listen({ http2 })
// also passes its HTTP/2 sessions, which get a GOAWAY and finish their open streams, over
// TLS (Node's HTTP/2 server keeps no such list) its HTTP/1.1 sockets, the connections still
// opening (TLS handshake, h2c preface: silent as far as HTTP goes), and every connection it
// has accepted, for the deadline.

import {
  connectionsOf,
  idleConnectionsOf,
  lastRequestOnSocket,
  responseOnSocket,
} from "../node-internals/connections.js";

const IDLE_SWEEP_MS = 50;
// A connection that has sent nothing yet when close starts may be carrying its first
// request (a proxy writes it right after connecting), or may be a browser's speculative
// one that never will: it gets this long before it is closed.
const SILENT_GRACE_MS = 1_000;

export function gracefulClose(server, { timeout = 10_000, sessions, sockets, opening, accepted } = {}) {
  if (server._gracefulClose) return server._gracefulClose;
  const connections = sockets ? () => [...sockets] : () => connectionsOf(server);
  const idleConnections = sockets ? () => [...sockets].filter(isBetweenRequests) : () => idleConnectionsOf(server);
  server._gracefulClose = new Promise((resolve, reject) => {
    const started = performance.now();
    // Responses still to be written say "Connection: close", so keep-alive clients (and
    // proxies) don't send another request on a connection about to close. Only the last
    // request read on a connection is marked: pipelined ones behind it are answered first.
    // req.res: set by app.handle
    for (const socket of connections()) closeAfterResponse(undefined, lastRequestOnSocket(socket)?.res);
    // Ahead of the app's own listener, which may answer synchronously.
    server.prependListener("request", closeAfterResponse);
    // server.close() and the sweep below close idle connections through this method: for
    // the close, one that spares connections that have sent nothing yet (see below).
    const closeIdle = () => closeIdleConnections(idleConnections());
    server.closeIdleConnections = closeIdle;
    // GOAWAY: the client opens no new stream on the session, those open finish.
    const goAway = () => sessions?.forEach((session) => session.closed || session.close());
    goAway();
    // Connections become idle as their responses finish; sweep them until none remain.
    const sweep = setInterval(() => {
      goAway(); // sessions set up since (a handshake under way when close started)
      closeIdle();
      if (performance.now() - started >= SILENT_GRACE_MS) {
        closeSilentConnections(connections());
        opening?.forEach((socket) => socket.destroy()); // no request started on them either
      }
    }, IDLE_SWEEP_MS);
    const deadline = setTimeout(() => {
      server.closeAllConnections?.();
      sessions?.forEach((session) => session.destroy());
      // Whatever Node's HTTP/2 or HTTP/1.1 code is still waiting for on them.
      accepted?.forEach((socket) => socket.destroy());
    }, timeout);
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
function closeIdleConnections(idle) {
  for (const socket of idle) {
    if (socket.bytesRead === 0) continue;
    const res = responseOnSocket(socket);
    if (!res || res.finished) socket.destroy();
  }
}

// For a list of sockets rather than Node's: between two requests, the last one read whole.
function isBetweenRequests(socket) {
  const req = lastRequestOnSocket(socket);
  return req === null || req.complete;
}

// Connections that never started a request, once their grace is over.
function closeSilentConnections(connections) {
  for (const socket of connections) {
    if (socket.bytesRead === 0 && !responseOnSocket(socket)) socket.destroy();
  }
}
