// The one place tests start servers and speak HTTP to them: an app or handler on
// 127.0.0.1 port 0, a node:http client (any method, any path byte for byte, no header
// fetch would add), a raw socket for bytes no client would send, and the same app run on a
// reference framework (Express 5 by default) and on lib-server side by side.
import http from "node:http";
import net from "node:net";
import zlib from "node:zlib";
import express from "express";
import Server from "../../src/index.js";

export const HOST = "127.0.0.1";

/**
 * Starts `app` on 127.0.0.1 port 0. `app` is a request handler (an app or a plain function),
 * run through `http.createServer(app)`, or an http.Server, listened as it is; with
 * `via: "listen"`, the app's own `app.listen()` (lib-server's subclass path and limits).
 * Resolves to { server, port, url, request(path | req, options), close() }; close() also
 * ends keep-alive connections.
 */
export function start(app, { via = "createServer" } = {}) {
  return new Promise((resolve, reject) => {
    let server;
    if (via === "listen") server = app.listen(0, HOST);
    else {
      server = app instanceof net.Server ? app : http.createServer(app);
      server.listen(0, HOST);
    }
    server.once("error", reject);
    server.once("listening", () => {
      const { port } = server.address();
      const started = {
        server,
        port,
        url: `http://${HOST}:${port}`,
        request: (req, options) => request(started, typeof req === "string" ? { ...options, path: req } : req),
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      };
      resolve(started);
    });
  });
}

const DECODERS = { gzip: zlib.gunzipSync, deflate: zlib.inflateSync };

/**
 * A request handler that reads the whole body first, decoded as its Content-Encoding says
 * (gzip, deflate), then calls `handle(req, res, body)`: the fake collectors the monitoring
 * tools report to.
 */
export function withBody(handle) {
  return (req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const decode = DECODERS[req.headers["content-encoding"]];
      handle(req, res, decode ? decode(body) : body);
    });
  };
}

const portOf = (target) =>
  typeof target === "number" ? target : typeof target === "string" ? Number(new URL(target).port) : target.port;

/**
 * One request on a fresh connection (or on `agent`'s). `target`: a port, a URL or anything
 * with a `port` (what start() returns); `req`: a path, or { method, path, headers, body,
 * pause, agent, timeout }. The path goes out byte for byte. A string or Buffer `body` is
 * sent with a Content-Length (unless the headers say how it is framed), even on GET; an
 * array of chunks is sent chunked, `pause` ms before each one so they arrive in separate
 * reads. Resolves to { status, headers, body (Buffer), text, reusedSocket }; rejects on a
 * connection error or after `timeout` ms of silence (err.code "TIMEOUT").
 */
export function request(target, req = {}) {
  const {
    method = "GET",
    path = "/",
    headers = {},
    body,
    pause = 0,
    agent = false,
    timeout = 10_000,
  } = typeof req === "string" ? { path: req } : req;
  return new Promise((resolve, reject) => {
    const chunked = Array.isArray(body);
    const framed = Object.keys(headers).some((name) => /^(content-length|transfer-encoding)$/i.test(name));
    const sent =
      body === undefined || chunked || framed ? headers : { ...headers, "content-length": Buffer.byteLength(body) };
    const client = http.request({ host: HOST, port: portOf(target), method, path, headers: sent, agent }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => {
        const bytes = Buffer.concat(chunks);
        resolve({
          status: res.statusCode,
          headers: res.headers,
          body: bytes,
          text: bytes.toString(),
          reusedSocket: client.reusedSocket,
        });
      });
      res.on("error", reject);
    });
    client.setTimeout(timeout, () =>
      client.destroy(Object.assign(new Error(`${method} ${path} timed out`), { code: "TIMEOUT" })),
    );
    client.on("error", reject);
    if (!chunked) client.end(body);
    else if (pause > 0) {
      client.flushHeaders();
      writeSlowly(client, body, pause);
    } else {
      for (const chunk of body) client.write(chunk);
      client.end();
    }
  });
}

function writeSlowly(client, chunks, pause, index = 0) {
  setTimeout(() => {
    if (client.destroyed) return;
    if (index === chunks.length) client.end();
    else {
      client.write(chunks[index]);
      writeSlowly(client, chunks, pause, index + 1);
    }
  }, pause);
}

/**
 * Writes `data` (string or Buffer) on a fresh TCP connection and collects what comes back
 * (as latin1 text, byte for byte) until the server closes the connection or `timeout` ms
 * pass. `end: true` half-closes the connection after `data`. Slow clients: `drip` bytes of
 * `then` are written every `interval` ms after `data`. Resolves to { text, closed, error }:
 * `closed` false when the timeout ended it, `error` the socket error's code if any.
 */
export function rawRequest(target, data, { timeout = 2000, end = false, then = "", drip = 1, interval = 0 } = {}) {
  return new Promise((resolve) => {
    const socket = net.connect(portOf(target), HOST);
    let text = "";
    let error = null;
    let dripper = null;
    const finish = (closed) => {
      clearTimeout(timer);
      clearInterval(dripper);
      socket.destroy();
      resolve({ text, closed, error });
    };
    const timer = setTimeout(() => finish(false), timeout);
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => (text += chunk));
    socket.on("error", (err) => (error = err.code));
    socket.on("close", () => finish(true));
    if (end) socket.end(data);
    else socket.write(data);
    let offset = 0;
    if (then.length > 0) {
      dripper = setInterval(() => {
        if (offset >= then.length || socket.destroyed) return clearInterval(dripper);
        socket.write(then.slice(offset, offset + drip));
        offset += drip;
      }, interval);
    }
  });
}

/**
 * An upload cut short: a POST to `path` with `headers` (a Content-Length larger than `sent`),
 * `sent` written, then the connection dropped after `after` ms. Resolves once it is closed.
 */
export function abortUpload(target, { path = "/", headers = {}, sent = "abc", after = 30 } = {}) {
  return new Promise((resolve) => {
    const client = http.request({ host: HOST, port: portOf(target), path, method: "POST", agent: false, headers });
    client.on("error", () => {}); // ours: we hang up
    client.on("close", resolve);
    client.write(sent);
    setTimeout(() => client.destroy(), after);
  });
}

/** Status codes of every response in a raw exchange's text, in order. */
export function statusesOf(text) {
  return [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
}

/** What a response looks like for comparison: status, the named headers, the body text. */
export function view(response, headerNames = []) {
  const headers = {};
  for (const name of headerNames) {
    if (response.headers[name] !== undefined) headers[name] = response.headers[name];
  }
  return { status: response.status, headers, body: response.text };
}

/**
 * Builds the same app on `reference` (Express 5 unless told) and on `subject` (lib-server's Server unless told, or its Express 4 mode), each with
 * env "production" (error pages without stacks), and starts both `via` "createServer" or
 * "listen". `build(app, factory)` gets the app and its factory (`express`, `Server`, ...);
 * what it returns is kept as `context` on that side. Resolves to { reference (also
 * `express`), lib, both(req) -> [referenceResponse, libResponse], close() }.
 */
export async function startPair(build, { reference = express, subject = Server, via = "createServer" } = {}) {
  const make = async (factory) => {
    const app = factory();
    app.set("env", "production");
    const context = await build(app, factory);
    return { ...(await start(app, { via })), context };
  };
  const [referenceSide, libSide] = await Promise.all([make(reference), make(subject)]);
  return {
    reference: referenceSide,
    express: referenceSide,
    lib: libSide,
    both: (req) => Promise.all([request(referenceSide, req), request(libSide, req)]),
    close: () => Promise.all([referenceSide.close(), libSide.close()]),
  };
}

/** Listens with the app's own app.listen() (so its limits apply) on 127.0.0.1:0; resolves to start()'s { port, server, ... } with close() = app.close(), its graceful close. */
export async function serve(app) {
  return { ...(await start(app, { via: "listen" })), close: () => app.close() };
}
