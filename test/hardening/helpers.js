// Shared tools for the hardening tests: an app listening on loopback with its own limits,
// raw TCP exchanges for bytes no well-behaved client would send, and a plain GET.
import net from "node:net";
import http from "node:http";

/** Listens with the app's own listen() (so its limits apply); resolves to { port, server, close }. */
export function serve(app) {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, "127.0.0.1", () => {
      resolve({ port: server.address().port, server, close: () => app.close() });
    });
    server.once("error", reject);
  });
}

/**
 * Writes `data` on a fresh TCP connection and collects what comes back until the server
 * closes the connection or `timeout` ms pass. Resolves to { text, closed, error }.
 * Slow clients: `drip` bytes of `then` are written every `interval` ms after `data`.
 */
export function rawExchange(port, data, { timeout = 2000, then = "", drip = 1, interval = 0 } = {}) {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    let error = null;
    let timer = null;
    const finish = (closed) => {
      clearTimeout(timer);
      clearInterval(dripper);
      socket.destroy();
      resolve({ text, closed, error });
    };
    timer = setTimeout(() => finish(false), timeout);
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => (text += chunk));
    socket.on("error", (err) => (error = err.code));
    socket.on("close", () => finish(true));
    socket.write(data);
    let offset = 0;
    const dripper = then.length === 0 ? null : setInterval(() => {
      if (offset >= then.length || socket.destroyed) return clearInterval(dripper);
      socket.write(then.slice(offset, offset + drip));
      offset += drip;
    }, interval);
  });
}

/** Status line codes of every response in a raw exchange, in order. */
export function statusesOf(text) {
  return [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
}

/** GET on a new connection; resolves to { status, headers, body }; `timeout` ms bounds it. */
export function get(port, path = "/", headers = {}, { timeout = 10_000 } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path, headers, agent: false, timeout }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(Object.assign(new Error(`GET ${path} timed out`), { code: "TIMEOUT" })));
    req.on("error", reject);
  });
}
