// Graceful shutdown of listen({ http2: true }) servers (src/shutdown.js): app.close() sends
// each HTTP/2 session a GOAWAY, lets its open streams finish, refuses new ones, closes the
// HTTP/1.1 connections on the same port as over plain HTTP/1.1, and forces at the deadline.
import http2 from "node:http2";
import https from "node:https";
import { describe, expect, test } from "vitest";
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
