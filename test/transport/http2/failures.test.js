// Failures over HTTP/2 end the stream, never the connection or the process: an error after
// the answer started (the final handler resets the stream where HTTP/1.1 closes the
// connection), and a body past its parser's limit still arriving (a 413, no lingering close).
import http2 from "node:http2";
import { afterAll, beforeAll, expect, test } from "vitest";
import Server from "../../../src/index.js";
import { listenHttp2 } from "../../helpers/http2.js";

let served;
let session;

beforeAll(async () => {
  const app = new Server();
  app.set("env", "test");
  app.get("/half", (req, res, next) => {
    res.write("half an answer");
    next(new Error("failed after the headers"));
  });
  app.post("/small", Server.json({ limit: 100 }), (req, res) => res.json(req.body));
  app.get("/", (req, res) => res.send("alive"));
  served = await listenHttp2(app);
  session = http2.connect(`http://127.0.0.1:${served.port}`);
  session.on("error", () => {});
});

afterAll(async () => {
  session?.close();
  await served?.close();
});

function exchange(headers, body) {
  const stream = session.request(headers, { endStream: body === undefined });
  return new Promise((resolve) => {
    let status;
    let text = "";
    stream.on("response", (received) => (status = received[":status"]));
    stream.on("data", (chunk) => (text += chunk));
    stream.on("error", () => {});
    stream.on("close", () => resolve({ status, text, rstCode: stream.rstCode }));
    if (body !== undefined) stream.end(body);
  });
}

test("an error after the answer started resets that stream; the connection serves on", async () => {
  const half = await exchange({ ":path": "/half" });
  expect(half.status).toBe(200);
  expect(half.rstCode).not.toBe(http2.constants.NGHTTP2_NO_ERROR);
  expect((await exchange({ ":path": "/" })).text).toBe("alive");
});

test("a body past the parser's limit gets its 413 while still arriving; the connection serves on", async () => {
  const big = Buffer.alloc(1024 * 1024, "a");
  const tooBig = await exchange({ ":method": "POST", ":path": "/small", "content-type": "application/json" }, big);
  expect(tooBig.status).toBe(413);
  expect((await exchange({ ":path": "/" })).text).toBe("alive");
  expect(session.destroyed).toBe(false);
});
