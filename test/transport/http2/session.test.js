// src/transport/http2/session.js: one HTTP/2 connection cannot hurt the process or the others.
import http2 from "node:http2";
import { afterAll, beforeAll, expect, test } from "vitest";
import Server from "../../../src/index.js";
import { h2request, listenHttp2 } from "../../helpers/http2.js";
import { stalledClient } from "../../helpers/h2-frames.js";

let served;
let origin;

beforeAll(async () => {
  const app = new Server({ http2IdleTimeout: 500 });
  app.get("/slow", (req, res) => {
    setTimeout(() => res.send("slow"), 50);
  });
  app.get("/", (req, res) => res.send("alive"));
  served = await listenHttp2(app);
  origin = `http://127.0.0.1:${served.port}`;
});

afterAll(() => served?.close());

const connect = () => {
  const session = http2.connect(origin);
  session.on("error", () => {});
  return session;
};

test("an idle session is closed with a GOAWAY after http2IdleTimeout", async () => {
  const session = connect();
  const goaway = new Promise((resolve) => session.once("goaway", (code) => resolve(code)));
  expect(await goaway).toBe(http2.constants.NGHTTP2_NO_ERROR);
  await new Promise((resolve) => (session.closed ? resolve() : session.once("close", resolve)));
});

test("a rapid reset flood ends that connection, not the process, and others are served meanwhile", async () => {
  const session = connect();
  // Node's HTTP/2 layer limits stream resets: the server ends the flooding connection.
  const ended = new Promise((resolve) => {
    session.on("goaway", (code) => code !== http2.constants.NGHTTP2_NO_ERROR && resolve());
    session.once("error", resolve);
  });
  for (let i = 0; i < 2000 && !session.destroyed; i++) {
    const stream = session.request({ ":path": "/slow" });
    stream.on("error", () => {});
    stream.close(http2.constants.NGHTTP2_CANCEL);
  }
  expect((await h2request(origin)).text).toBe("alive");
  await ended;
  session.destroy();
});

test("a client that resets its own stream mid-answer does not disturb the session's others", async () => {
  const session = connect();
  const reset = session.request({ ":path": "/slow" });
  reset.on("error", () => {});
  setTimeout(() => reset.close(http2.constants.NGHTTP2_CANCEL), 10);
  const other = session.request({ ":path": "/" });
  const body = await new Promise((resolve) => {
    let text = "";
    other.on("data", (chunk) => (text += chunk));
    other.on("end", () => resolve(text));
  });
  expect(body).toBe("alive");
  session.close();
});

test("a request body that never ends is cancelled after requestTimeout", async () => {
  const app = new Server({ requestTimeout: 500, headersTimeout: 500 });
  app.post("/upload", Server.text(), (req, res) => res.send(req.body));
  const { port, close } = await listenHttp2(app);
  const session = http2.connect(`http://127.0.0.1:${port}`);
  session.on("error", () => {});
  const stream = session.request({ ":method": "POST", ":path": "/upload", "content-type": "text/plain" });
  stream.on("error", () => {});
  stream.write("never finished");
  await new Promise((resolve) => stream.once("close", resolve));
  expect(stream.rstCode).toBe(http2.constants.NGHTTP2_CANCEL);
  session.destroy();
  await close();
});

test("a session whose client stopped reading is closed after http2IdleTimeout and destroyed after as long again", async () => {
  const app = new Server({ http2IdleTimeout: 300 });
  let closedResponses = 0;
  app.get("/big", (req, res) => {
    res.on("close", () => closedResponses++);
    res.end(Buffer.alloc(256 * 1024));
  });
  const { port, close } = await listenHttp2(app);
  const started = performance.now();
  const socket = await stalledClient(port, { path: "/big", streams: 3 });
  socket.allowHalfOpen = true; // a client that does not even close its side when told
  while (closedResponses < 3 && performance.now() - started < 3_000)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const elapsed = performance.now() - started;
  // The answers a stalled stream held are released with the session, the socket or not.
  expect(closedResponses).toBe(3);
  expect(elapsed).toBeGreaterThanOrEqual(550);
  expect(elapsed).toBeLessThan(2_500);
  socket.destroy();
  await close();
});
