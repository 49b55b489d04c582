// Graceful shutdown of an http.Server: stop accepting, let in-flight requests finish,
// close keep-alive connections as soon as they are idle, force the rest at a deadline.
// Nothing is tracked per request while serving: the work starts when close starts.

const IDLE_SWEEP_MS = 50;

export function gracefulClose(server, { timeout = 10_000 } = {}) {
  if (server._gracefulClose) return server._gracefulClose;
  server._gracefulClose = new Promise((resolve, reject) => {
    // Requests that still arrive on open keep-alive connections are served, then the
    // connection closes behind them.
    const closeAfterResponse = (req, res) => res.setHeader("Connection", "close");
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
