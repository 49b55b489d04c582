// Runs the same app on Express 5 and on lib-server and compares what clients see.
import http from "node:http";
import express from "express";
import Server from "../../src/index.js";

// Headers whose differences matter to clients (X-Powered-By and Date legitimately differ).
export const COMPARED_HEADERS = [
  "content-type",
  "content-length",
  "etag",
  "last-modified",
  "location",
  "allow",
  "vary",
  "cache-control",
  "set-cookie",
  "content-disposition",
  "content-security-policy",
  "x-content-type-options",
  "link",
  "content-range",
  "accept-ranges",
];

/** Starts a node:http server for `handler` on 127.0.0.1; resolves to { url, port, close }. */
export function listen(handler) {
  return new Promise((resolve) => {
    const server = typeof handler.listen === "function" && !handler.handle ? handler : http.createServer(handler);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      resolve({
        server,
        port,
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(done)),
      });
    });
  });
}

/** Starts an app with its own listen() (lib-server's subclass path, or Express's). */
export function listenApp(app) {
  return new Promise((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      resolve({ server, port, url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(done)) });
    });
  });
}

/**
 * Raw HTTP request (any method, any path, even malformed ones fetch would refuse).
 * Resolves to { status, headers, body } with body as a string.
 */
export function request(port, { method = "GET", path = "/", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, headers, agent: false }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** What a response looks like for comparison: status, compared headers, body. */
export function view(response, extraHeaders = []) {
  const headers = {};
  for (const name of [...COMPARED_HEADERS, ...extraHeaders]) {
    if (response.headers[name] !== undefined) headers[name] = response.headers[name];
  }
  return { status: response.status, headers, body: response.body };
}

/**
 * Builds the same app on a reference framework (`express`, `express4`, ...) and on
 * lib-server with `build(app, factory)`. Both apps run with env "production" so error pages
 * carry no stack. Returns { reference, lib, both(req) -> [referenceView, libView], close }.
 */
export async function differentialAgainst(reference, build, { extraHeaders = [], useListen = false } = {}) {
  const make = async (factory) => {
    const app = factory();
    app.set("env", "production");
    await build(app, factory);
    return useListen ? listenApp(app) : listen(app);
  };
  const [referenceServer, libServer] = await Promise.all([make(reference), make(Server)]);
  return {
    reference: referenceServer,
    lib: libServer,
    async both(req) {
      const [a, b] = await Promise.all([request(referenceServer.port, req), request(libServer.port, req)]);
      return [view(a, extraHeaders), view(b, extraHeaders)];
    },
    close: () => Promise.all([referenceServer.close(), libServer.close()]),
  };
}

/** differentialAgainst(express, ...), with the Express server also under `express`. */
export async function differential(build, options) {
  const pair = await differentialAgainst(express, build, options);
  return { ...pair, express: pair.reference };
}
