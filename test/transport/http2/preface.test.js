// src/transport/http2/preface.js: h2c and HTTP/1.1 on one port, whatever way the first bytes come.
import net from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import Server from "../../../src/index.js";
import { h2request, listenHttp2 } from "../../helpers/http2.js";
import { request } from "../../helpers/server.js";

const PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";
let served;

beforeAll(async () => {
  const app = new Server({ headersTimeout: 1_000 });
  app.get("/", (req, res) => res.send(`hello ${req.httpVersion}`));
  served = await listenHttp2(app);
});

afterAll(() => served?.close());

// Writes `parts` with a pause between them; resolves to all the socket received until it
// closed (or, with `firstData`, to the first bytes received).
function exchange(parts, { end = false, firstData = false } = {}) {
  return new Promise((resolve) => {
    const socket = net.connect(served.port, "127.0.0.1");
    const chunks = [];
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      if (firstData) socket.destroy();
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve(Buffer.concat(chunks)));
    let i = 0;
    const next = () => {
      if (i === parts.length) return end ? socket.end() : undefined;
      socket.write(parts[i++]);
      setTimeout(next, 20);
    };
    socket.once("connect", next);
  });
}

test("HTTP/1.1 and h2c on the same port", async () => {
  expect((await request(served.port, "/")).text).toBe("hello 1.1");
  expect((await h2request(`http://127.0.0.1:${served.port}`)).text).toBe("hello 2.0");
});

test("a preface sent a byte at a time is still HTTP/2: the server answers with its SETTINGS", async () => {
  const received = await exchange([...PREFACE, "\x00\x00\x00\x04\x00\x00\x00\x00\x00"], { firstData: true });
  expect(received[3]).toBe(0x04); // a SETTINGS frame first
});

test("a request line split where it departs from the preface is HTTP/1.1", async () => {
  const received = await exchange(["P", "R", "OPFIND / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"]);
  expect(received.toString()).toMatch(/^HTTP\/1\.1 404 /);
});

test("garbage is HTTP/1.1's to refuse: a 400", async () => {
  const received = await exchange(["\x16\x03\x01\x02\x00garbage\r\n\r\n"]);
  expect(received.toString()).toMatch(/^HTTP\/1\.1 400 Bad Request/);
});

test("a bad frame after the preface ends that connection with a GOAWAY, and only it", async () => {
  const received = await exchange([PREFACE + "\x00\x00\x04\x08\x00\x00\x00\x00\x00not-a-frame-at-all"]);
  expect(received.length).toBeGreaterThan(0);
  expect((await h2request(`http://127.0.0.1:${served.port}`)).status).toBe(200);
});

test("a client that stops half way through the preface is cut off after headersTimeout", async () => {
  const started = performance.now();
  const received = await exchange(["PRI * HTTP/2.0\r\n"]);
  expect(received.length).toBe(0);
  expect(performance.now() - started).toBeGreaterThanOrEqual(900);
});

test("one that ends its side half way through, or before sending anything, is closed at once", async () => {
  for (const sent of [["PRI * HT"], []]) {
    const started = performance.now();
    const received = await exchange(sent, { end: true });
    expect(received.length).toBe(0);
    expect(performance.now() - started).toBeLessThan(500); // headersTimeout is 1 s here
  }
});
