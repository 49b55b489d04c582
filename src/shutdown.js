// Graceful shutdown of an http.Server: stop accepting, let in-flight requests finish,
// close keep-alive connections as soon as they are idle, force the rest at a deadline.
// Nothing is tracked per request while serving: the work starts when close starts.

const IDLE_SWEEP_MS = 50;

export function gracefulClose(server, { timeout = 10_000 } = {}) {
  if (server._gracefulClose) return server._gracefulClose;
  server._gracefulClose = new Promise((resolve, reject) => {
    // Responses still to be written say "Connection: close", so keep-alive clients (and
    // proxies such as nginx) don't send another request on a connection about to close.
    // Only the last request read on a connection is marked: pipelined ones behind it are
    // answered first.
    for (const socket of liveSockets(server)) closeAfterResponse(undefined, socket.parser?.incoming?.res);
    server.on("request", closeAfterResponse);
    // Connections become idle as their responses finish; sweep them until none remain.
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const deadline = setTimeout(() => server.closeAllConnections(), timeout);
    deadline.unref();
    server.close((err) => {
      clearInterval(sweep);
      clearTimeout(deadline);
      server.off("request", closeAfterResponse);
      if (err && err.code !== "ERR_SERVER_NOT_RUNNING") reject(err);
      else resolve();
    });
    server.closeIdleConnections();
  });
  return server._gracefulClose;
}

function closeAfterResponse(req, res) {
  if (res && !res.headersSent) res.shouldKeepAlive = false;
}

// The sockets of Node's own connection list (the one closeIdleConnections walks, Node 18.2+),
// read once at close time instead of tracking every connection while serving. Without it
// (another runtime), busy keep-alive connections still close right after their response.
function liveSockets(server) {
  const key = Object.getOwnPropertySymbols(server).find((symbol) => symbol.description === "http.server.connections");
  const list = key && server[key];
  return typeof list?.all === "function" ? list.all().map((parser) => parser.socket).filter(Boolean) : [];
}
