// Graceful shutdown on Node 20: app.close() stops accepting, lets in-flight requests finish
// (keep-alive ones included), closes idle keep-alive connections at once and busy ones
// right after their response, gives a just-opened connection a moment for its first
// request, resolves once everything is closed, and forces at the deadline.
import { describe, it, expect, afterEach } from "vitest";
import net from "node:net";
import http from "node:http";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import Server from "../../src/index.js";
import { request, rawRequest, statusesOf, serve } from "../helpers/server.js";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const H = "Host: localhost\r\n";

function slowApp(options) {
  const app = new Server(options);
  app.get("/", (req, res) => res.send("ok"));
  app.get("/slow/:ms", async (req, res) => {
    await sleep(Number(req.params.ms));
    res.send(`slept ${req.params.ms}`);
  });
  app.get("/never", () => {}); // answers nothing: only the deadline ends it
  app.post("/echo", Server.text(), (req, res) => res.send(req.body));
  return app;
}

/** A keep-alive connection with one request/response at a time; `closed` resolves on close. */
function keepAliveConnection(port) {
  const socket = net.connect(port, "127.0.0.1");
  let buffer = "";
  let waiting = null;
  const closed = new Promise((resolve) => socket.on("close", () => resolve(performance.now())));
  socket.setEncoding("latin1");
  socket.on("error", () => {});
  socket.on("data", (chunk) => {
    buffer += chunk;
    const end = buffer.indexOf("\r\n\r\n");
    if (end === -1 || !waiting) return;
    const length = Number(/content-length: (\d+)/i.exec(buffer.slice(0, end))?.[1] ?? 0);
    if (buffer.length < end + 4 + length) return;
    const response = buffer.slice(0, end + 4 + length);
    buffer = buffer.slice(end + 4 + length);
    const resolve = waiting;
    waiting = null;
    resolve(response);
  });
  return {
    closed,
    ready: new Promise((resolve) => socket.once("connect", resolve)),
    request(path) {
      return new Promise((resolve, reject) => {
        waiting = resolve;
        socket.once("close", () => waiting && reject(new Error(`connection closed before the response to ${path}`)));
        socket.write(`GET ${path} HTTP/1.1\r\n${H}\r\n`);
      });
    },
  };
}

const canConnect = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.on("connect", () => resolve(socket.destroy() && true));
    socket.on("error", () => resolve(false));
  });

describe("app.close()", () => {
  let server;
  afterEach(() => server?.close());

  it("a keep-alive client's slow in-flight request gets its full response, then its connection closes", async () => {
    server = await serve(slowApp());
    const conn = keepAliveConnection(server.port);
    await conn.ready;
    expect(await conn.request("/")).toContain("200 OK"); // the connection is now keep-alive
    const inFlight = conn.request("/slow/300");
    await sleep(50);
    const start = performance.now();
    let closedAt = 0;
    const closing = server.close().then(() => (closedAt = performance.now()));
    const response = await inFlight;
    expect(response).toContain("200 OK");
    expect(response.endsWith("slept 300")).toBe(true);
    expect(response).toMatch(/connection: close/i); // so the client won't reuse it
    const socketClosedAt = await conn.closed;
    await closing;
    expect(closedAt - start).toBeGreaterThanOrEqual(200); // not before the response
    expect(closedAt - start).toBeLessThan(1000);
    expect(socketClosedAt - start).toBeLessThan(1000);
  });

  it("an idle keep-alive connection is closed at once and close() resolves quickly", async () => {
    server = await serve(slowApp());
    const conn = keepAliveConnection(server.port);
    await conn.ready;
    await conn.request("/");
    const start = performance.now();
    await server.close();
    expect(performance.now() - start).toBeLessThan(200);
    expect((await conn.closed) - start).toBeLessThan(200);
  });

  it("stops accepting new connections while in-flight requests finish", async () => {
    server = await serve(slowApp());
    const inFlight = fetch(`http://127.0.0.1:${server.port}/slow/300`);
    await sleep(50);
    const closing = server.close();
    expect(await canConnect(server.port)).toBe(false);
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("slept 300");
    await closing;
  });

  it("many concurrent in-flight requests all complete", async () => {
    server = await serve(slowApp());
    const port = server.port;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const get = (path) => request(port, { path, agent });
    await Promise.all(Array.from({ length: 8 }, () => get("/"))); // 8 warm keep-alive sockets
    const requests = Array.from({ length: 8 }, (_, i) => get(`/slow/${100 + i * 20}`));
    await sleep(30);
    const closing = server.close();
    const results = await Promise.all(requests);
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    await closing;
    agent.destroy();
  });

  it("a request pipelined behind a busy one during shutdown is still served, with Connection: close", async () => {
    server = await serve(slowApp());
    const exchange = rawRequest(server.port, `GET /slow/200 HTTP/1.1\r\n${H}\r\nGET /slow/100 HTTP/1.1\r\n${H}\r\n`, {
      timeout: 3000,
    });
    await sleep(50);
    await server.close();
    const reply = await exchange;
    expect(statusesOf(reply.text)).toEqual([200, 200]);
    const [first, second] = reply.text.split(/(?=HTTP\/1\.1 )/);
    expect(first).toContain("Connection: keep-alive");
    expect(second).toContain("Connection: close");
    expect(reply.closed).toBe(true);
  });

  it("a request whose body is still arriving when close starts is read and answered", async () => {
    server = await serve(slowApp());
    const head = `POST /echo HTTP/1.1\r\n${H}Content-Type: text/plain\r\nContent-Length: 10\r\n\r\n`;
    const exchange = rawRequest(server.port, head + "01234", { then: "56789", drip: 5, interval: 200, timeout: 3000 });
    await sleep(50);
    await server.close();
    const reply = await exchange;
    expect(statusesOf(reply.text)).toEqual([200]);
    expect(reply.text).toContain("Connection: close");
    expect(reply.text.endsWith("0123456789")).toBe(true);
    expect(reply.closed).toBe(true);
  });

  it("a connection opened just before close whose first request arrives just after is served", async () => {
    server = await serve(slowApp());
    const conn = keepAliveConnection(server.port);
    await conn.ready;
    await sleep(20); // accepted by the server, nothing sent yet
    const closing = server.close();
    await sleep(100);
    const response = await conn.request("/");
    expect(response).toContain("200 OK");
    expect(response).toMatch(/connection: close/i);
    await closing;
  });

  it("a connection that stays silent is closed after a short grace, not kept until the deadline", async () => {
    server = await serve(slowApp());
    const conn = keepAliveConnection(server.port);
    await conn.ready;
    await sleep(20);
    const start = performance.now();
    await server.close();
    const elapsed = performance.now() - start;
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(2000);
    expect((await conn.closed) - start).toBeLessThan(2000);
  });

  // Node 26's closeIdleConnections(), which http.Server#close() calls, closes connections
  // that have sent nothing yet (22 and 24 spare them): the close swaps in its own for its
  // duration, and gives the server Node's back once closed.
  it("silent connections get their grace on every Node line; the server keeps Node's closeIdleConnections", async () => {
    server = await serve(slowApp());
    const conn = keepAliveConnection(server.port);
    await conn.ready;
    await sleep(20);
    let closed = false;
    conn.closed.then(() => (closed = true));
    const closing = server.close();
    expect(server.server.closeIdleConnections).not.toBe(http.Server.prototype.closeIdleConnections);
    await sleep(300);
    expect(closed).toBe(false);
    await closing;
    expect(Object.hasOwn(server.server, "closeIdleConnections")).toBe(false);
  });

  it("the deadline (shutdownTimeout) forces connections that never finish", async () => {
    server = await serve(slowApp({ shutdownTimeout: 300 }));
    const hanging = rawRequest(server.port, `GET /never HTTP/1.1\r\n${H}\r\n`, { timeout: 3000 });
    await sleep(50);
    const start = performance.now();
    await server.close();
    const elapsed = performance.now() - start;
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(1000);
    expect((await hanging).closed).toBe(true);
  });

  it("close() twice returns the same promise; close() before listen() resolves", async () => {
    server = await serve(slowApp());
    expect(server.close()).toBe(server.close());
    await server.close();
    await expect(new Server().close()).resolves.toBeUndefined();
  });
});

describe("app.listen({ gracefulShutdown: true })", () => {
  const script = fileURLToPath(new URL("./fixtures/graceful-server.js", import.meta.url));

  for (const signal of ["SIGTERM", "SIGINT"]) {
    it(`${signal}: the in-flight request completes, then the process exits 0`, async () => {
      const child = spawn(process.execPath, [script], { stdio: ["ignore", "pipe", "inherit"] });
      try {
        const port = await new Promise((resolve, reject) => {
          child.stdout.once("data", (line) => resolve(Number(String(line).trim())));
          child.once("exit", () => reject(new Error("server exited early")));
        });
        const inFlight = fetch(`http://127.0.0.1:${port}/slow`);
        await sleep(100);
        const exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
        child.kill(signal);
        const res = await inFlight;
        expect(res.status).toBe(200);
        expect(await res.text()).toBe("done");
        expect(await exited).toBe(0);
      } finally {
        child.kill("SIGKILL");
      }
    });
  }
});
