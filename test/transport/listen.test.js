// src/transport/listen.js: the server app.listen() makes (HTTP/1.1 here; HTTP/2 in http2/,
// its limits in limits.test.js, its close in shutdown.test.js).
import { describe, it, expect } from "vitest";
import express from "express";
import Server from "../../src/index.js";
import { start } from "../helpers/server.js";

describe("app.listen() errors", () => {
  // Express 5 passes listen errors (EADDRINUSE, ...) to the listen callback.
  const listenOnBusyPort = (factory, port) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => resolve("callback not called"), 2000);
      const server = factory().listen(port, "127.0.0.1", (err) => {
        clearTimeout(timer);
        server.close();
        resolve(err?.code ?? "no error");
      });
      // Without this, an 'error' the callback doesn't take would crash the test run.
      server.on("error", () => {});
    });

  it("hands EADDRINUSE to the callback like Express", async () => {
    const blocker = await start((req, res) => res.end());
    try {
      expect(await listenOnBusyPort(express, blocker.port)).toBe("EADDRINUSE");
      expect(await listenOnBusyPort(Server, blocker.port)).toBe("EADDRINUSE");
    } finally {
      await blocker.close();
    }
  });
});
