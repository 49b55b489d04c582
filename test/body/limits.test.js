import net from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import express from "express";
import Server from "../../src/index.js";
import { start, request, rawRequest, statusesOf } from "../helpers/server.js";

// A body past the parser's limit is answered 413 once the client has sent it all
// (read and discarded, never buffered), as body-parser does: the connection stays
// usable, and a client still sending reads the 413 instead of a reset. Only so much
// is read that way (16 MiB): a larger declared Content-Length is answered before a
// byte is read, and a chunked body still coming past that point is answered at once.
// The answer then says "Connection: close", and the connection closes with a lingering
// close: what the client still sends is discarded until its body ends or it stops, for
// 5 s at most (body-parser would read a 1 TB Content-Length or an endless chunked
// upload for ever; closing at once would reset a client still sending).

const LIMIT = 1024;
const H = "Host: localhost\r\n";
const JSON_HEAD = `${H}Content-Type: application/json\r\n`;
const frame = (data) => `${data.length.toString(16)}\r\n${data}\r\n`;

function build(app, factory, socketsRead) {
  app.use((req, res, next) => {
    if (socketsRead && !req.socket.counted) {
      req.socket.counted = true;
      req.socket.once("close", () => socketsRead.push(req.socket.bytesRead));
    }
    next();
  });
  for (const parser of ["json", "urlencoded", "text", "raw"]) {
    app.post(`/${parser}`, factory[parser]({ limit: LIMIT, type: "*/*" }), (req, res) => res.json({ parsed: true }));
  }
  app.get("/smuggled", (req, res) => res.send("smuggled"));
  app.use((err, req, res, next) => res.status(err.status).json({ type: err.type }));
  return app;
}

describe("on lib-server", () => {
  let server;
  const socketsRead = [];
  beforeAll(async () => {
    server = await start(build(new Server(), Server, socketsRead));
  });
  afterAll(() => server.close());

  const exchange = async (data, options) => {
    const started = performance.now();
    const reply = await rawRequest(server.port, data, { timeout: 3000, ...options });
    return { ...reply, elapsed: performance.now() - started, read: await bytesReadOnClose() };
  };
  const bytesReadOnClose = async () => {
    for (let i = 0; i < 50 && socketsRead.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    return socketsRead.shift();
  };

  test.each(["json", "urlencoded", "text", "raw"])(
    "%s(): a 1 TB Content-Length gets a 413 at once, and a client that stops on the FIN has its connection closed",
    async (parser) => {
      // the body starts like a second request: it must never be taken for one
      const reply = await exchange(
        `POST /${parser} HTTP/1.1\r\n${JSON_HEAD}Content-Length: 1099511627776\r\n\r\nGET /smuggled HTTP/1.1\r\n${H}\r\n`,
        {
          then: "x".repeat(4 * 1024 * 1024),
          drip: 8192,
          interval: 1,
        },
      );
      expect(statusesOf(reply.text)).toEqual([413]);
      expect(reply.text).toContain("Connection: close");
      expect(reply.text).toContain('{"type":"entity.too.large"}');
      expect(reply.closed).toBe(true);
      expect(reply.elapsed).toBeLessThan(1000);
      expect(reply.read).toBeLessThan(512 * 1024); // of the 4 MB the client was sending
    },
  );

  test("a chunked upload that keeps going gets a 413 once 16 MiB more are read, and the connection closes on the client's FIN", async () => {
    const chunk = frame("x".repeat(1000));
    const reply = await exchange(`POST /json HTTP/1.1\r\n${JSON_HEAD}Transfer-Encoding: chunked\r\n\r\n${chunk}`, {
      then: chunk.repeat(20_000), // ~20 MB, 64 KB a millisecond
      drip: 64 * 1024,
      interval: 1,
      timeout: 5000,
    });
    expect(statusesOf(reply.text)).toEqual([413]);
    expect(reply.text).toContain("Connection: close");
    expect(reply.closed).toBe(true);
    expect(reply.read).toBeGreaterThan(16 * 1024 * 1024);
    expect(reply.read).toBeLessThan(18 * 1024 * 1024);
  });

  // Before the lingering close, the server closed with the client's bytes unread: a reset,
  // which made the client's next write fail (EPIPE), and Node's http client and fetch then
  // reported that error instead of the 413.
  test("a client writing 64 MiB at once reads the 413 and finishes writing without a reset", async () => {
    const size = 64 * 1024 * 1024;
    const outcome = await new Promise((resolve) => {
      const socket = net.connect(server.port, "127.0.0.1");
      let text = "";
      let error = null;
      socket.setEncoding("latin1");
      socket.on("data", (chunk) => (text += chunk));
      socket.on("error", (err) => (error = err.code));
      socket.on("close", () => resolve({ text, error }));
      socket.write(`POST /raw HTTP/1.1\r\n${JSON_HEAD}Content-Length: ${size}\r\n\r\n`);
      socket.end(Buffer.alloc(size, 0x20));
    });
    expect(statusesOf(outcome.text)).toEqual([413]);
    expect(outcome.text).toContain("Connection: close");
    expect(outcome.error).toBe(null);
    expect(await bytesReadOnClose()).toBeGreaterThan(size);
  });

  test("a request pipelined behind an abandoned body is not run: it ends the connection", async () => {
    const size = 17 * 1024 * 1024;
    const runs = [];
    const onSmuggled = (req) => req.url === "/smuggled" && runs.push(req.url);
    server.server.on("request", onSmuggled);
    try {
      // a client that reads the 413 and its FIN but sends all it has regardless
      const text = await new Promise((resolve) => {
        const socket = net.connect({ port: server.port, host: "127.0.0.1", allowHalfOpen: true });
        let received = "";
        socket.setEncoding("latin1");
        socket.on("data", (chunk) => (received += chunk));
        socket.on("error", () => {}); // a reset once refused
        socket.on("close", () => resolve(received));
        socket.write(`POST /raw HTTP/1.1\r\n${JSON_HEAD}Content-Length: ${size}\r\n\r\n`);
        socket.write(Buffer.alloc(size - 100, 0x20));
        // the body's last bytes and the next request in one read
        setTimeout(
          () => socket.end(Buffer.concat([Buffer.alloc(100, 0x20), Buffer.from(`GET /smuggled HTTP/1.1\r\n${H}\r\n`)])),
          300,
        );
      });
      expect(statusesOf(text)).toEqual([413]);
    } finally {
      server.server.off("request", onSmuggled);
    }
    expect(runs).toEqual([]);
    await bytesReadOnClose();
  });

  test("a client that keeps sending after the 413 and its FIN is closed 5 s later", async () => {
    const socket = net.connect({ port: server.port, host: "127.0.0.1", allowHalfOpen: true });
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => (text += chunk));
    socket.on("error", () => {}); // the reset that ends it
    socket.write(`POST /json HTTP/1.1\r\n${JSON_HEAD}Content-Length: 1099511627776\r\n\r\n`);
    const dripper = setInterval(() => socket.write("x".repeat(16 * 1024)), 5);
    const started = performance.now();
    const ended = new Promise((resolve) => socket.once("end", () => resolve(performance.now() - started)));
    const closed = new Promise((resolve) => socket.once("close", () => resolve(performance.now() - started)));
    try {
      expect(await ended).toBeLessThan(1000); // the answer and the FIN, at once
      expect(statusesOf(text)).toEqual([413]);
      const closedAfter = await closed;
      expect(closedAfter).toBeGreaterThan(4500);
      expect(closedAfter).toBeLessThan(7000);
    } finally {
      clearInterval(dripper);
      socket.destroy();
    }
    expect(await bytesReadOnClose()).toBeGreaterThan(1024 * 1024); // read and discarded meanwhile
  }, 10000);

  test("a gzip body inflating past the limit while it arrives: 413 once it has all arrived, never inflated", async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20)); // ~64 KB
    const pieces = Array.from({ length: Math.ceil(bomb.length / 1024) }, (_, i) =>
      bomb.subarray(i * 1024, (i + 1) * 1024),
    );
    const res = await request(server.port, {
      method: "POST",
      path: "/json",
      headers: { "content-type": "application/json", "content-encoding": "gzip", "content-length": bomb.length },
      body: pieces,
      pause: 2,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ type: "entity.too.large" });
    expect(await bytesReadOnClose()).toBeGreaterThanOrEqual(bomb.length);
  });
});

// Without an error handler the app's final handler answers, and it still waits
// for the request to end before writing: it must not for a request the parser
// left unread (res.shouldKeepAlive === false). Needs src/final-handler.js.
test("the default final handler answers a 1 TB Content-Length at once too", async () => {
  const app = new Server();
  app.set("env", "test");
  app.post("/json", Server.json({ limit: LIMIT }), (req, res) => res.json({}));
  const server = await start(app);
  try {
    const reply = await rawRequest(
      server.port,
      `POST /json HTTP/1.1\r\n${JSON_HEAD}Content-Length: 1099511627776\r\n\r\n{`,
      {
        timeout: 1000,
        then: "x".repeat(1024 * 1024),
        drip: 8192,
        interval: 1,
      },
    );
    expect(statusesOf(reply.text)).toEqual([413]);
    expect(reply.closed).toBe(true);
  } finally {
    await server.close();
  }
});

// Against Express: a body over the limit, whether it has fully arrived or the client is
// still sending it, is answered 413 once it has all arrived, and the connection goes on
// with the next request.
describe("a body over the limit, as with Express", () => {
  let servers;
  beforeAll(async () => {
    servers = await Promise.all([start(build(express(), express)), start(build(new Server(), Server))]);
  });
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  const NEXT = `POST /json HTTP/1.1\r\n${JSON_HEAD}Connection: close\r\nContent-Length: 2\r\n\r\n{}`;
  const firstResponse = (text) => text.slice(0, text.indexOf("HTTP/1.1", 1));
  const expectServedAfter413 = (expected, actual) => {
    expect(statusesOf(expected.text)).toEqual([413, 200]);
    expect(statusesOf(actual.text)).toEqual(statusesOf(expected.text));
    expect(firstResponse(expected.text)).not.toMatch(/connection: close/i);
    expect(firstResponse(actual.text)).not.toMatch(/connection: close/i);
  };

  test.each([
    ["with Content-Length", `Content-Length: 2000\r\n\r\n${"x".repeat(2000)}`],
    ["chunked", `Transfer-Encoding: chunked\r\n\r\n${frame("x".repeat(1500))}0\r\n\r\n`],
  ])("fully arrived, %s: 413, and the connection serves the next request", async (_, rest) => {
    const pipelined = `POST /json HTTP/1.1\r\n${JSON_HEAD}${rest}${NEXT}`;
    const [expected, actual] = await Promise.all(servers.map((server) => rawRequest(server.port, pipelined)));
    expectServedAfter413(expected, actual);
  });

  test.each([
    ["with Content-Length", `Content-Length: 3000\r\n\r\n${"x".repeat(1500)}`, "x".repeat(1500)],
    ["chunked", `Transfer-Encoding: chunked\r\n\r\n${frame("x".repeat(1500))}`, `${frame("x".repeat(1500))}0\r\n\r\n`],
  ])("still arriving, %s: 413 after the rest, and the connection serves the next request", async (_, head, rest) => {
    const send = (server) =>
      rawRequest(server.port, `POST /json HTTP/1.1\r\n${JSON_HEAD}${head}`, {
        then: rest + NEXT,
        drip: 100,
        interval: 2,
      });
    const [expected, actual] = await Promise.all(servers.map(send));
    expectServedAfter413(expected, actual);
  });

  test("a client writing the rest after a pause reads the 413", async () => {
    const body = ["x".repeat(1028), "y".repeat(100)];
    const send = (server) =>
      request(server.port, {
        method: "POST",
        path: "/text",
        headers: { "content-type": "text/plain" },
        body,
        pause: 100,
      });
    const [expected, actual] = await Promise.all(servers.map(send));
    expect(expected.status).toBe(413);
    expect(actual.status).toBe(expected.status);
    expect(actual.body).toEqual(expected.body);
  });
});
