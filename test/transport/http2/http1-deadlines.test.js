// src/transport/http2/http1-deadlines.js: HTTP/1.1 over TLS on listen({ http2: true, key, cert }) (the
// ALPN fallback) cuts off slow clients as listen()'s HTTP/1.1 server does: a head dripped
// past headersTimeout or a body past requestTimeout gets a 408 and a closed connection,
// while normal clients, keep-alive and slow handlers are left alone.
import tls from "node:tls";
import { afterAll, beforeAll, expect, test } from "vitest";
import Server from "../../../src/index.js";
import { listenHttp2, testCertificate } from "../../helpers/http2.js";

const LIMITS = { headersTimeout: 400, requestTimeout: 800, keepAliveTimeout: 5_000 };
let served;

beforeAll(async () => {
  const app = new Server(LIMITS);
  app.get("/", (req, res) => res.send("hello"));
  app.get("/slow", (req, res) => setTimeout(() => res.send("slow"), 1_200));
  app.post("/echo", Server.text(), (req, res) => res.send(req.body));
  served = await listenHttp2(app, { ...(await testCertificate()) });
});

afterAll(() => served?.close());

// An HTTP/1.1 client over TLS (ALPN http/1.1): writes `parts` `interval` ms apart and
// resolves with everything it read and when the server closed the connection.
function http1OverTls(parts, { interval = 0 } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = tls.connect({
      port: served.port,
      host: "127.0.0.1",
      rejectUnauthorized: false,
      ALPNProtocols: ["http/1.1"],
    });
    let text = "";
    let timer;
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (text += chunk));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ text, alpn: socket.alpnProtocol, closedAfter: performance.now() - started });
    });
    socket.once("secureConnect", () => {
      const queue = [...parts];
      socket.write(queue.shift());
      if (queue.length > 0)
        timer = setInterval(() => {
          if (queue.length === 0 || socket.destroyed) return clearInterval(timer);
          socket.write(queue.shift());
        }, interval);
    });
    setTimeout(() => reject(new Error(`no close within 5 s; read: ${JSON.stringify(text)}`)), 5_000).unref();
  });
}

test("a client dripping its head gets a 408 and a closed connection after headersTimeout", async () => {
  const drip = ["GET / HTTP/1.1\r\nHost: x\r\n", ...Array.from({ length: 40 }, (_, i) => `X-Drip-${i}: y\r\n`)];
  const { text, alpn, closedAfter } = await http1OverTls(drip, { interval: 50 });
  expect(alpn).toBe("http/1.1");
  expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  expect(closedAfter).toBeGreaterThanOrEqual(LIMITS.headersTimeout - 50);
  expect(closedAfter).toBeLessThan(LIMITS.headersTimeout + 1_000);
});

test("a body that never finishes gets a 408 after requestTimeout", async () => {
  const head = "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n";
  const { text, closedAfter } = await http1OverTls([head, "part of it"]);
  expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  expect(closedAfter).toBeGreaterThanOrEqual(LIMITS.requestTimeout - 50);
});

test("a slow handler, and a keep-alive connection's later requests, are not cut off", async () => {
  const requests = ["GET /slow HTTP/1.1\r\nHost: x\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"];
  // The second request is written 1.3 s after the first, once the slow answer is out:
  // past both deadlines counted from the connection, within them counted from the answer.
  const { text } = await http1OverTls(requests, { interval: 1_300 });
  const answers = text.split(/(?=HTTP\/1\.1 )/);
  expect(answers.map((answer) => answer.split("\r\n")[0])).toEqual(["HTTP/1.1 200 OK", "HTTP/1.1 200 OK"]);
  expect(answers[0].endsWith("slow")).toBe(true);
  expect(answers[1].endsWith("hello")).toBe(true);
});
