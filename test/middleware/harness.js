// Runs one app on Express 5 and on lib-server side by side, lib-server started either
// through `http.createServer(app)` or through its own `app.listen()`, and talks to both
// with a raw HTTP client (bodies kept as bytes, so compressed answers can be checked)
// and a hand-kept cookie jar.
import http from "node:http";
import { describe, beforeAll, afterAll, vi } from "vitest";
import express from "express";
import Server from "../../src/index.js";

/** The two ways lib-server takes requests: Node's plain objects, or its own subclasses. */
export const LIB_MODES = ["createServer", "listen"];

/** describe() once per lib-server start mode; `body(mode)` registers the tests. */
export function forEachMode(title, body) {
  for (const mode of LIB_MODES) describe(`${title} [lib-server via ${mode}]`, () => body(mode));
}

/** Starts `app` on 127.0.0.1 port 0 in `mode`; resolves to { port, close }. */
export function startApp(app, mode) {
  return new Promise((resolve, reject) => {
    const server = mode === "listen" ? app.listen(0, "127.0.0.1") : http.createServer(app).listen(0, "127.0.0.1");
    server.once("error", reject);
    server.once("listening", () => {
      resolve({
        port: server.address().port,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(done);
          }),
      });
    });
  });
}

/**
 * Builds the same app on Express 5 and on lib-server: `build(app, factory)` gets `express`
 * or `Server` as factory and may return a context (log lines, temp dirs, ...), kept as
 * `target.context`. Both run with env "production". Resolves to
 * { express, lib, both(req) -> [expressResponse, libResponse], close }.
 */
export async function startPair(build, mode) {
  const make = async (factory, how) => {
    const app = factory();
    app.set("env", "production");
    const context = await build(app, factory);
    return { ...(await startApp(app, how)), context };
  };
  const [expressTarget, libTarget] = await Promise.all([make(express, "createServer"), make(Server, mode)]);
  return {
    express: expressTarget,
    lib: libTarget,
    both: (req) => Promise.all([request(expressTarget, req), request(libTarget, req)]),
    close: () => Promise.all([expressTarget.close(), libTarget.close()]),
  };
}

/**
 * Registers beforeAll/afterAll that start `startPair(build, mode)` and close it; returns the
 * pair object, filled in once the pair is up. `quiet` silences console.error meanwhile
 * (final handlers log the errors the tests provoke).
 */
export function usePair(build, mode, { quiet = false } = {}) {
  const pair = {};
  beforeAll(async () => {
    if (quiet) vi.spyOn(console, "error").mockImplementation(() => {});
    Object.assign(pair, await startPair(build, mode));
  });
  afterAll(async () => {
    await pair.close?.();
    if (quiet) vi.restoreAllMocks();
  });
  return pair;
}

/**
 * One HTTP request; resolves to { status, headers, body (Buffer), text }.
 * `body` may be a string or Buffer. Without an `agent`, no connection is reused, so every
 * request is independent; pass a keep-alive http.Agent to test connection reuse.
 */
export function request(target, { method = "GET", path = "/", headers = {}, body, agent = false } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: target.port, method, path, headers, agent }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode, headers: res.headers, body: bytes, text: bytes.toString() });
      });
      res.on("error", reject);
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`timeout: ${method} ${path}`)));
    req.on("error", reject);
    req.end(body);
  });
}

/** What a response looks like for comparison: status, the named headers, the body text. */
export function view(response, headerNames = []) {
  const headers = {};
  for (const name of headerNames) {
    if (response.headers[name] !== undefined) headers[name] = response.headers[name];
  }
  return { status: response.status, headers, body: response.text };
}

/** Browser-like cookie storage for one client: remembers Set-Cookie, sends Cookie. */
export class CookieJar {
  cookies = new Map();

  store(response) {
    for (const line of [].concat(response.headers["set-cookie"] ?? [])) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      if (attributes.some(isExpiry)) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eq + 1).trim());
    }
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

// "Expires=<past>" or "Max-Age=0": the server asked the client to forget the cookie.
function isExpiry(attribute) {
  const [key, value = ""] = attribute.trim().split("=");
  const name = key.toLowerCase();
  return (name === "expires" && Date.parse(value) <= Date.now()) || (name === "max-age" && Number(value) <= 0);
}

/** A client with its own cookie jar: `send(req)` adds the Cookie header and stores replies. */
export function browser(target) {
  const jar = new CookieJar();
  return {
    jar,
    async send(req = {}) {
      const cookie = jar.header();
      const headers = cookie ? { ...req.headers, cookie } : req.headers;
      const response = await request(target, { ...req, headers });
      jar.store(response);
      return response;
    },
  };
}

/** Resolves once `check()` is true (e.g. a log line written after the response ended). */
export async function eventually(check, timeoutMs = 2000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
