// Server limits: safe defaults, overridable through `new Server({ ... })`; slow clients
// are cut off while normal clients keep getting answers; 431, 414 and 413 past the limits.
import { describe, it, expect, beforeAll, afterAll, vi } from "vitest";
import Server from "../../src/index.js";
import { DEFAULT_LIMITS } from "../../src/transport/limits.js";
import { rawRequest, statusesOf, request, serve } from "../helpers/server.js";

const H = "Host: localhost\r\n";
const SHORT = { headersTimeout: 500, requestTimeout: 1000, connectionsCheckingInterval: 100 };

function helloApp(options) {
  const app = new Server(options);
  app.get("/", (req, res) => res.send("ok"));
  app.post("/echo", Server.json({ limit: "1kb" }), (req, res) => res.json(req.body));
  app.post("/form", Server.urlencoded({ limit: "1kb" }), (req, res) => res.json(req.body));
  app.post("/text", Server.text({ limit: "1kb" }), (req, res) => res.send(req.body));
  return app;
}

/** GETs every `interval` ms while `work` runs; resolves to [workResult, timings of each GET]. */
async function servedMeanwhile(port, work, interval = 100) {
  const timings = [];
  const statuses = [];
  let running = true;
  const prober = (async () => {
    while (running) {
      const start = performance.now();
      const res = await request(port, "/");
      timings.push(performance.now() - start);
      statuses.push(res.status);
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
  })();
  const result = await work;
  running = false;
  await prober;
  return { result, timings, statuses };
}

describe("defaults", () => {
  it("listen() builds the server with the documented limits", async () => {
    const server = await serve(helloApp());
    const { headersTimeout, requestTimeout, keepAliveTimeout, maxHeaderSize } = server.server;
    expect({ headersTimeout, requestTimeout, keepAliveTimeout, maxHeaderSize }).toEqual({
      headersTimeout: DEFAULT_LIMITS.headersTimeout,
      requestTimeout: DEFAULT_LIMITS.requestTimeout,
      keepAliveTimeout: DEFAULT_LIMITS.keepAliveTimeout,
      maxHeaderSize: DEFAULT_LIMITS.maxHeaderSize,
    });
    // Node's own order: a request can't be allowed less time than its headers.
    expect(DEFAULT_LIMITS.headersTimeout).toBeLessThan(DEFAULT_LIMITS.requestTimeout);
    await server.close();
  });

  it("new Server({ ... }) overrides them", async () => {
    const server = await serve(
      helloApp({ headersTimeout: 1234, requestTimeout: 5678, keepAliveTimeout: 99, maxHeaderSize: 4096 }),
    );
    const { headersTimeout, requestTimeout, keepAliveTimeout, maxHeaderSize } = server.server;
    expect({ headersTimeout, requestTimeout, keepAliveTimeout, maxHeaderSize }).toEqual({
      headersTimeout: 1234,
      requestTimeout: 5678,
      keepAliveTimeout: 99,
      maxHeaderSize: 4096,
    });
    await server.close();
  });
});

describe("slow clients (slowloris)", () => {
  let server;
  beforeAll(async () => {
    server = await serve(helloApp(SHORT));
  });
  afterAll(() => server?.close());

  it("a client dripping headers is cut off after headersTimeout, normal clients are served meanwhile", async () => {
    const start = performance.now();
    const { result, timings, statuses } = await servedMeanwhile(
      server.port,
      rawRequest(server.port, `GET / HTTP/1.1\r\n${H}`, {
        then: `X-Drip: ${"a".repeat(200)}`,
        interval: 20,
        timeout: 4000,
      }),
    );
    const elapsed = performance.now() - start;
    expect(result.closed).toBe(true);
    expect(statusesOf(result.text)).toEqual([408]);
    expect(elapsed).toBeGreaterThanOrEqual(450);
    expect(elapsed).toBeLessThan(2000);
    expect(statuses.length).toBeGreaterThan(2);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(Math.max(...timings)).toBeLessThan(500); // loose: CI machines are shared
  });

  it("a client dripping its body is cut off after requestTimeout", async () => {
    const start = performance.now();
    const head = `POST /echo HTTP/1.1\r\n${H}Content-Type: application/json\r\nContent-Length: 200\r\n\r\n`;
    const { result, statuses } = await servedMeanwhile(
      server.port,
      rawRequest(server.port, head, { then: " ".repeat(200), interval: 50, timeout: 4000 }),
    );
    const elapsed = performance.now() - start;
    expect(result.closed).toBe(true);
    expect(statusesOf(result.text)).toEqual([408]);
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(2500);
    expect(statuses.every((s) => s === 200)).toBe(true);
  });

  it("fifty slow connections at once are all cut off while a normal client is served", async () => {
    const drips = Array.from({ length: 50 }, () =>
      rawRequest(server.port, `GET / HTTP/1.1\r\n${H}`, {
        then: `X-Drip: ${"b".repeat(100)}`,
        interval: 30,
        timeout: 4000,
      }),
    );
    const { result, statuses } = await servedMeanwhile(server.port, Promise.all(drips));
    expect(result.every((r) => r.closed)).toBe(true);
    expect(statuses.length).toBeGreaterThan(2);
    expect(statuses.every((s) => s === 200)).toBe(true);
  });

  it("an idle keep-alive connection is closed after keepAliveTimeout", async () => {
    const quick = await serve(helloApp({ ...SHORT, keepAliveTimeout: 300 }));
    const start = performance.now();
    const reply = await rawRequest(quick.port, `GET / HTTP/1.1\r\n${H}\r\n`, { timeout: 3000 });
    const elapsed = performance.now() - start;
    expect(statusesOf(reply.text)).toEqual([200]);
    expect(reply.text).toContain("Keep-Alive: timeout=0"); // Node rounds 300 ms down to whole seconds
    expect(reply.closed).toBe(true);
    // Node 20 keeps the socket keepAliveTimeoutBuffer (1 s) longer than it announces.
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2200);
    await quick.close();
  });
});

describe("size limits", () => {
  let server;
  beforeAll(async () => {
    server = await serve(helloApp({ maxHeaderSize: 2048, maxUrlLength: 200 }));
  });
  afterAll(() => server?.close());

  it("431 for headers beyond maxHeaderSize, 200 just under it", async () => {
    const big = await rawRequest(server.port, `GET / HTTP/1.1\r\n${H}X-Big: ${"a".repeat(3000)}\r\n\r\n`);
    expect(statusesOf(big.text)).toEqual([431]);
    expect(big.closed).toBe(true);
    expect((await request(server.port, { path: "/", headers: { "x-big": "a".repeat(1500) } })).status).toBe(200);
  });

  it("414 for a URL beyond maxUrlLength, 200 just under it", async () => {
    const long = await request(server.port, "/?q=" + "a".repeat(300));
    expect(long.status).toBe(414);
    expect(long.text).toContain("URI Too Long");
    expect((await request(server.port, "/?q=" + "a".repeat(150))).status).toBe(200);
  });

  it("by default only Node's header size bounds the URL, as in Express: a 12 KB URL is served", async () => {
    const plain = await serve(helloApp());
    try {
      expect((await request(plain.port, "/?q=" + "a".repeat(12_000))).status).toBe(200);
      expect((await request(plain.port, "/?q=" + "a".repeat(20_000))).status).toBe(431);
    } finally {
      await plain.close();
    }
  });

  it("a client's 4xx is never logged with a stack trace; a 500 still is", async () => {
    const app = helloApp({ maxUrlLength: 100 });
    app.set("env", "development");
    app.get("/boom", () => {
      throw new Error("server bug");
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const quiet = await serve(app);
    try {
      expect((await request(quiet.port, "/?q=" + "a".repeat(200))).status).toBe(414);
      const bad = await fetch(`http://127.0.0.1:${quiet.port}/echo`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{",
      });
      expect(bad.status).toBe(400);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(logged).not.toHaveBeenCalled();
      expect((await request(quiet.port, "/boom")).status).toBe(500);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(String(logged.mock.calls[0]?.[0])).toContain("server bug");
    } finally {
      logged.mockRestore();
      await quiet.close();
    }
  });

  const bodies = {
    "/echo": ["application/json", (size) => JSON.stringify({ a: "x".repeat(size) })],
    "/form": ["application/x-www-form-urlencoded", (size) => "a=" + "x".repeat(size)],
    "/text": ["text/plain", (size) => "x".repeat(size)],
  };
  for (const [path, [type, bodyOf]] of Object.entries(bodies)) {
    it(`413 for a ${type} body beyond the parser's limit, keep serving`, async () => {
      const url = `http://127.0.0.1:${server.port}${path}`;
      const res = await fetch(url, { method: "POST", headers: { "content-type": type }, body: bodyOf(2000) });
      expect(res.status).toBe(413);
      await res.text();
      const small = await fetch(url, { method: "POST", headers: { "content-type": type }, body: bodyOf(500) });
      expect(small.status).toBe(200);
      await small.text();
    });
  }

  it("413 for a chunked body that grows beyond the limit (no Content-Length to refuse early)", async () => {
    const chunk = "x".repeat(600);
    const chunked = `${chunk.length.toString(16)}\r\n${chunk}\r\n`;
    const reply = await rawRequest(
      server.port,
      `POST /text HTTP/1.1\r\n${H}Connection: close\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n${chunked}${chunked}0\r\n\r\n`,
    );
    expect(statusesOf(reply.text)).toEqual([413]);
    expect(reply.closed).toBe(true);
  });
});
