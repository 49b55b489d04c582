// Graceful shutdown of listen({ http2: true }) servers (src/transport/shutdown.js): app.close() sends
// each HTTP/2 session a GOAWAY, lets its open streams finish, refuses new ones, closes the
// HTTP/1.1 connections on the same port as over plain HTTP/1.1, gives connections that have
// not got going yet (silent, half a preface, a TLS handshake under way) the same short grace
// as silent HTTP/1.1 ones, and forces everything at the deadline.
import http2 from "node:http2";
import https from "node:https";
import net from "node:net";
import { connect as tlsConnect } from "node:tls";
import { afterEach, describe, expect, test } from "vitest";
import Server from "../../src/index.js";
import { listenHttp2, testCertificate } from "../helpers/http2.js";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function slowApp(options) {
  const app = new Server(options);
  app.get("/slow/:ms", async (req, res) => {
    await sleep(Number(req.params.ms));
    res.send(`slept ${req.params.ms}`);
  });
  app.get("/never", () => {});
  return app;
}

function h2stream(session, path) {
  const stream = session.request({ ":path": path });
  return new Promise((resolve) => {
    let status;
    let text = "";
    stream.on("response", (headers) => (status = headers[":status"]));
    stream.on("data", (chunk) => (text += chunk));
    stream.on("error", () => {});
    stream.on("close", () => resolve({ status, text, rstCode: stream.rstCode }));
  });
}

const H2C_PREFACE = Buffer.from("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", "latin1");
const EMPTY_SETTINGS = Buffer.from([0, 0, 0, 4, 0, 0, 0, 0, 0]);
// The start of a TLS record announcing a 512-byte ClientHello, then nothing: the server
// waits for the rest of the hello.
const HALF_CLIENT_HELLO = Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03]);

const clients = [];
afterEach(() => clients.splice(0).forEach((socket) => socket.destroy()));

/** A client socket, `ready` on `readyEvent`, which writes `bytes` then; `closed` resolves to when it closed. */
function connection(socket, readyEvent, bytes) {
  clients.push(socket);
  socket.on("error", () => {});
  const ready = new Promise((resolve) => socket.once(readyEvent, resolve));
  if (bytes) ready.then(() => socket.write(bytes));
  return { socket, ready, closed: new Promise((resolve) => socket.once("close", () => resolve(performance.now()))) };
}

const tcpConnection = (port, bytes) => connection(net.connect(port, "127.0.0.1"), "connect", bytes);
const tlsConnection = (port, protocol, bytes) =>
  connection(
    tlsConnect({ port, host: "127.0.0.1", rejectUnauthorized: false, ALPNProtocols: [protocol] }),
    "secureConnect",
    bytes,
  );

// Connections that have not got going when close starts: a TCP connection that sends
// nothing, and half the h2c preface, or over TLS half a ClientHello and a handshake for
// HTTP/1.1 with no request after it.
function stalledConnections(port, certificate) {
  const silent = tcpConnection(port);
  return certificate.key
    ? {
        silent,
        "half a ClientHello": tcpConnection(port, HALF_CLIENT_HELLO),
        "HTTP/1.1 over TLS, no request": tlsConnection(port, "http/1.1"),
      }
    : { silent, "half the h2c preface": tcpConnection(port, H2C_PREFACE.subarray(0, 10)) };
}

// An HTTP/2 session whose client has stopped reading: once closed gracefully, Node's session
// waits for the client to close the connection, which it never does.
function notReading(port, certificate) {
  const greeting = Buffer.concat([H2C_PREFACE, EMPTY_SETTINGS]);
  return certificate.key ? tlsConnection(port, "h2", greeting) : tcpConnection(port, greeting);
}

/** When app.close() started, and how long it took (Infinity: not within `bound` ms). */
async function timeClose(app, bound) {
  const started = performance.now();
  const closed = await Promise.race([app.close().then(() => true), sleep(bound).then(() => false)]);
  return { started, elapsed: closed ? performance.now() - started : Infinity };
}

/** How long after `started` `conn` closed (Infinity: not within `bound` ms of now). */
const closedAfter = async (conn, started, bound) =>
  (await Promise.race([conn.closed, sleep(bound).then(() => Infinity)])) - started;

describe.each([
  ["h2c", {}],
  ["TLS", testCertificate()],
])("%s", (name, tls) => {
  const scheme = tls.key ? "https" : "http";

  test("GOAWAY, the open stream finishes, close() resolves once the session is gone", async () => {
    const app = slowApp();
    const { port } = await listenHttp2(app, tls);
    const session = http2.connect(`${scheme}://127.0.0.1:${port}`, { rejectUnauthorized: false });
    session.on("error", () => {});
    const goaway = new Promise((resolve) => session.once("goaway", (code) => resolve(code)));
    const inFlight = h2stream(session, "/slow/300");
    await sleep(100);
    const closing = app.close();
    expect(await goaway).toBe(http2.constants.NGHTTP2_NO_ERROR);
    expect(await inFlight).toMatchObject({ status: 200, text: "slept 300" });
    await closing;
    expect(session.closed || session.destroyed).toBe(true);
  });

  test("a stream that never ends is cut at shutdownTimeout", async () => {
    const app = slowApp({ shutdownTimeout: 300 });
    const { port } = await listenHttp2(app, tls);
    const session = http2.connect(`${scheme}://127.0.0.1:${port}`, { rejectUnauthorized: false });
    session.on("error", () => {});
    const hanging = h2stream(session, "/never");
    await sleep(100);
    const started = performance.now();
    await app.close();
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    expect((await hanging).status).toBeUndefined();
  });

  test("connections that have not got going are closed after the silent grace, idle sessions at once", async () => {
    const app = slowApp({ shutdownTimeout: 3_000 });
    const { port } = await listenHttp2(app, tls);
    const session = http2.connect(`${scheme}://127.0.0.1:${port}`, { rejectUnauthorized: false });
    session.on("error", () => {});
    expect((await h2stream(session, "/slow/1")).status).toBe(200);
    const idle = {
      "session after a request": {
        closed: new Promise((resolve) => session.once("close", () => resolve(performance.now()))),
      },
    };
    if (tls.key) idle["TLS h2, no preface"] = tlsConnection(port, "h2");
    const stalled = stalledConnections(port, tls);
    await Promise.all([...Object.values(idle), ...Object.values(stalled)].map((conn) => conn.ready));
    idle["TLS h2, no preface"]?.socket.resume(); // reads what the server sends: SETTINGS, GOAWAY
    await sleep(50); // the server has read what they sent
    const { started, elapsed } = await timeClose(app, 2_000);
    for (const [kind, conn] of Object.entries(idle))
      expect(await closedAfter(conn, started, 500), kind).toBeLessThan(300);
    for (const [kind, conn] of Object.entries(stalled)) {
      const after = await closedAfter(conn, started, 500);
      expect(after, kind).toBeGreaterThanOrEqual(900);
      expect(after, kind).toBeLessThan(1_500);
    }
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(1_500);
  });

  test("at shutdownTimeout every connection is closed, whatever it is doing", async () => {
    const app = slowApp({ shutdownTimeout: 400 });
    const { port } = await listenHttp2(app, tls);
    const session = http2.connect(`${scheme}://127.0.0.1:${port}`, { rejectUnauthorized: false });
    session.on("error", () => {});
    const hanging = h2stream(session, "/never");
    const stalled = stalledConnections(port, tls);
    const deaf = notReading(port, tls);
    await Promise.all([deaf, ...Object.values(stalled)].map((conn) => conn.ready));
    await sleep(50);
    const { started, elapsed } = await timeClose(app, 2_000);
    expect(elapsed).toBeGreaterThanOrEqual(350);
    expect(elapsed).toBeLessThan(700);
    expect((await hanging).status).toBeUndefined();
    for (const [kind, conn] of Object.entries(stalled))
      expect(await closedAfter(conn, started, 500), kind).toBeLessThan(700);
  });
});

test("TLS: an idle HTTP/1.1 keep-alive connection on the HTTP/2 server is closed at once", async () => {
  const app = slowApp();
  const { port } = await listenHttp2(app, testCertificate());
  const agent = new https.Agent({ keepAlive: true, rejectUnauthorized: false });
  const text = await new Promise((resolve, reject) => {
    https
      .get({ host: "127.0.0.1", port, path: "/slow/1", agent }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve(body));
      })
      .on("error", reject);
  });
  expect(text).toBe("slept 1");
  const started = performance.now();
  await app.close();
  expect(performance.now() - started).toBeLessThan(2_000);
  agent.destroy();
});
