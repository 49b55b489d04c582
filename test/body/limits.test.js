import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import express from "express";
import Server from "../../src/index.js";
import { start, request, rawRequest, statusesOf } from "../helpers/server.js";

// A body past the parser's limit is answered 413 as soon as that is known: a
// declared Content-Length before a byte is read, a chunked body at the chunk
// that passes the limit. What the client still sends is not read: the answer
// says "Connection: close" and the connection ends with it. (body-parser reads
// the whole body before answering: it never answers a 1 TB Content-Length or
// an endless chunked upload.) A body that has already fully arrived costs
// nothing more to skip: there the connection stays open, as with Express.

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

  test.each(["json", "urlencoded", "text", "raw"])("%s(): a 1 TB Content-Length gets a 413 at once, the body unread, the connection closed", async (parser) => {
    // the body starts like a second request: it must never be taken for one
    const reply = await exchange(`POST /${parser} HTTP/1.1\r\n${JSON_HEAD}Content-Length: 1099511627776\r\n\r\nGET /smuggled HTTP/1.1\r\n${H}\r\n`, {
      then: "x".repeat(4 * 1024 * 1024),
      drip: 8192,
      interval: 1,
    });
    expect(statusesOf(reply.text)).toEqual([413]);
    expect(reply.text).toContain("Connection: close");
    expect(reply.text).toContain('{"type":"entity.too.large"}');
    expect(reply.closed).toBe(true);
    expect(reply.elapsed).toBeLessThan(1000);
    expect(reply.read).toBeLessThan(512 * 1024); // of the 4 MB the client was sending
  });

  test("a chunked upload that keeps going gets a 413 past the limit, then is no longer read", async () => {
    const chunk = frame("x".repeat(1000));
    const reply = await exchange(`POST /json HTTP/1.1\r\n${JSON_HEAD}Transfer-Encoding: chunked\r\n\r\n${chunk}`, {
      then: chunk.repeat(4000), // ~4 MB, 8 KB a millisecond: it would take half a second or more
      drip: 8192,
      interval: 1,
    });
    expect(statusesOf(reply.text)).toEqual([413]);
    expect(reply.text).toContain("Connection: close");
    expect(reply.closed).toBe(true);
    expect(reply.elapsed).toBeLessThan(1000);
    expect(reply.read).toBeLessThan(512 * 1024);
  });

  test("a gzip body inflating past the limit while it arrives: 413 at once, connection closed", async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20)); // ~64 KB
    const pieces = Array.from({ length: Math.ceil(bomb.length / 1024) }, (_, i) => bomb.subarray(i * 1024, (i + 1) * 1024));
    const started = performance.now();
    // all of it would take 20 ms × ~64 pieces
    const res = await request(server.port, {
      method: "POST",
      path: "/json",
      headers: { "content-type": "application/json", "content-encoding": "gzip", "content-length": bomb.length },
      body: pieces,
      pause: 20,
    });
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe("close");
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await bytesReadOnClose()).toBeLessThan(bomb.length / 2);
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
    const reply = await rawRequest(server.port, `POST /json HTTP/1.1\r\n${JSON_HEAD}Content-Length: 1099511627776\r\n\r\n{`, {
      timeout: 1000,
      then: "x".repeat(1024 * 1024),
      drip: 8192,
      interval: 1,
    });
    expect(statusesOf(reply.text)).toEqual([413]);
    expect(reply.closed).toBe(true);
  } finally {
    await server.close();
  }
});

// Both answer 413 and go on with the next request on the connection.
describe("a body over the limit that has fully arrived", () => {
  let servers;
  beforeAll(async () => {
    servers = await Promise.all([start(build(express(), express)), start(build(new Server(), Server))]);
  });
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  test.each([
    ["with Content-Length", `Content-Length: 2000\r\n\r\n${"x".repeat(2000)}`],
    ["chunked", `Transfer-Encoding: chunked\r\n\r\n${frame("x".repeat(1500))}0\r\n\r\n`],
  ])("%s: 413, and the connection serves the next request, as with Express", async (_, rest) => {
    const pipelined = `POST /json HTTP/1.1\r\n${JSON_HEAD}${rest}POST /json HTTP/1.1\r\n${JSON_HEAD}Connection: close\r\nContent-Length: 2\r\n\r\n{}`;
    const [expected, actual] = await Promise.all(servers.map((server) => rawRequest(server.port, pipelined)));
    expect(statusesOf(expected.text)).toEqual([413, 200]);
    expect(statusesOf(actual.text)).toEqual(statusesOf(expected.text));
    const firstResponse = (text) => text.slice(0, text.indexOf("HTTP/1.1", 1));
    expect(firstResponse(expected.text)).not.toMatch(/connection: close/i);
    expect(firstResponse(actual.text)).not.toMatch(/connection: close/i);
  });
});
