// Faults inside request handling never take the process down: each case gets the answer
// it can still get (or a cut connection), errors are logged once, and the next request is
// served. An uncaught exception or unhandled rejection would fail this file in vitest.
import { describe, it, expect, beforeAll, afterAll, vi } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import Server from "../../src/index.js";
import { rawRequest, statusesOf, request, serve } from "../helpers/server.js";

const BIG_FILE_SIZE = 32 * 1024 * 1024;

describe("faults", () => {
  let server;
  let dir;
  let logged;
  const events = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "lib-server-faults-"));
    const app = new Server();
    app.set("env", "development"); // errors are logged outside "test"
    app.get("/ok", (req, res) => res.send("ok"));
    app.get("/throw", () => {
      throw new Error("sync boom");
    });
    app.get("/reject", async () => {
      await new Promise((resolve) => setImmediate(resolve));
      throw new Error("async boom");
    });
    app.get("/throw-value", () => {
      throw "a string, not an Error";
    });
    app.get("/teapot", () => {
      throw Object.assign(new Error("short and stout"), { status: 418 });
    });
    app.get("/handler-throws", () => {
      throw new Error("first");
    });
    app.get("/handler-rejects", () => {
      throw new Error("first");
    });
    app.get("/send-twice", (req, res) => {
      res.send("first");
      res.send("second");
    });
    app.get("/send-twice-async", async (req, res) => {
      await new Promise((resolve) => setImmediate(resolve));
      res.send("first");
      res.send("second");
    });
    app.get(
      "/next-twice",
      (req, res, next) => {
        next();
        next();
      },
      (req, res) => res.send("once"),
    );
    app.get("/stream", (req, res) => {
      // Writes until the client is gone, respecting backpressure.
      const chunk = Buffer.alloc(64 * 1024, 120);
      res.setHeader("Content-Type", "application/octet-stream");
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once("drain", pump);
      };
      res.on("close", () => events.push("stream closed"));
      pump();
    });
    app.get("/file/:name", (req, res) => res.sendFile(path.join(dir, req.params.name)));
    app.use((err, req, res, next) => {
      if (req.path === "/handler-throws") throw new Error("error handler threw");
      if (req.path === "/handler-rejects") return Promise.reject(new Error("error handler rejected"));
      next(err);
    });
    server = await serve(app);
  });

  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // Each test's requests with console.error captured: the final handler logs there.
  async function capturing(work) {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const result = await work();
      await new Promise((resolve) => setTimeout(resolve, 20)); // logging is deferred
      logged = spy.mock.calls.map((args) => String(args[0]));
      return result;
    } finally {
      spy.mockRestore();
    }
  }

  async function stillServing() {
    expect(await request(server.port, "/ok")).toMatchObject({ status: 200, text: "ok" });
  }

  for (const [route, status, message] of [
    ["/throw", 500, "sync boom"],
    ["/reject", 500, "async boom"],
    ["/throw-value", 500, "a string, not an Error"],
    ["/handler-throws", 500, "error handler threw"],
    ["/handler-rejects", 500, "error handler rejected"],
  ]) {
    it(`${route}: ${status}, logged once, still serving`, async () => {
      const res = await capturing(() => request(server.port, route));
      expect(res.status).toBe(status);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain(message);
      await stillServing();
    });
  }

  it("/teapot: a 4xx error is answered but not logged (a client's mistake, not a fault)", async () => {
    const res = await capturing(() => request(server.port, "/teapot"));
    expect(res.status).toBe(418);
    expect(logged).toHaveLength(0);
    await stillServing();
  });

  it("res.send after the response was sent: the first answer arrives whole, the error is logged once", async () => {
    const res = await capturing(() => request(server.port, "/send-twice"));
    expect(res).toMatchObject({ status: 200, text: "first" });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain("Cannot set headers after they are sent");
    await stillServing();
  });

  it("res.send twice after an await: same, through the rejected promise", async () => {
    const res = await capturing(() => request(server.port, "/send-twice-async"));
    expect(res).toMatchObject({ status: 200, text: "first" });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain("Cannot set headers after they are sent");
    await stillServing();
  });

  // As in Express: the second next() finds the route exhausted and falls through to the
  // final handler, whose 404 leaves a response already sent alone.
  it("next() called twice: one answer, nothing else written or logged", async () => {
    const res = await capturing(() => request(server.port, "/next-twice"));
    expect(res).toMatchObject({ status: 200, text: "once" });
    expect(logged).toEqual([]);
    await stillServing();
  });

  it("a client aborting mid-response: the server stops writing, keeps serving", async () => {
    await new Promise((resolve, reject) => {
      const req = http.get({ host: "127.0.0.1", port: server.port, path: "/stream", agent: false }, (res) => {
        let received = 0;
        res.on("data", (chunk) => {
          received += chunk.length;
          if (received > 1024 * 1024) req.destroy();
        });
      });
      req.on("error", () => {});
      req.on("close", resolve);
      setTimeout(() => reject(new Error("client never closed")), 5000).unref();
    });
    await vi.waitFor(() => expect(events).toContain("stream closed"), { timeout: 2000 });
    await stillServing();
  });

  it("a file deleted mid-stream: the open file keeps streaming, the process survives", async () => {
    const file = path.join(dir, "deleted.bin");
    fs.writeFileSync(file, Buffer.alloc(BIG_FILE_SIZE, 97));
    const received = await readSlowly("/file/deleted.bin", () => fs.unlinkSync(file));
    // POSIX keeps an unlinked file's data while it is open: the response completes.
    expect(received).toBe(BIG_FILE_SIZE);
    expect((await capturing(() => request(server.port, "/file/deleted.bin"))).status).toBe(404);
    await stillServing();
  });

  it("a file truncated mid-stream: the connection is cut short (Content-Length can't be honoured), the process survives", async () => {
    const file = path.join(dir, "truncated.bin");
    fs.writeFileSync(file, Buffer.alloc(BIG_FILE_SIZE, 98));
    const received = await readSlowly("/file/truncated.bin", () => fs.truncateSync(file, 0));
    expect(received).toBeLessThan(BIG_FILE_SIZE);
    await stillServing();
  });

  it("a request aborted while its body is read: no answer owed, still serving", async () => {
    const app = new Server();
    app.set("env", "test");
    let reached = false;
    app.post("/upload", Server.text(), () => {
      reached = true;
    });
    const local = await serve(app);
    const reply = await rawRequest(
      local.port,
      "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\nabc",
      {
        timeout: 200,
      },
    );
    expect(reply.closed).toBe(false); // we hung up first
    expect(statusesOf(reply.text)).toEqual([]);
    expect(reached).toBe(false);
    await local.close();
    await stillServing();
  });

  /**
   * GETs `route`, pausing after the first chunk to run `fault`, then reads on; resolves to
   * the byte count received when the response ends or the connection is cut.
   */
  function readSlowly(route, fault) {
    return new Promise((resolve, reject) => {
      let received = 0;
      let faulted = false;
      const req = http.get({ host: "127.0.0.1", port: server.port, path: route, agent: false }, (res) => {
        expect(res.statusCode).toBe(200);
        res.on("data", (chunk) => {
          received += chunk.length;
          if (faulted) return;
          faulted = true;
          res.pause();
          fault();
          setTimeout(() => res.resume(), 50);
        });
        res.on("end", () => resolve(received));
        res.on("error", () => resolve(received));
        res.on("aborted", () => resolve(received));
      });
      req.on("error", () => resolve(received));
      setTimeout(() => reject(new Error(`${route} never finished`)), 10_000).unref();
    });
  }
});
