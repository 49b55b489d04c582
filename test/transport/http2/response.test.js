// src/transport/http2/response.js and fields.js: what an HTTP/1.1 app sets that HTTP/2 cannot carry is
// dropped without a throw or a warning; the rest reaches the client (headers.test.js: the
// fields that would end the process).
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import Server from "../../../src/index.js";
import { h2request, listenHttp2 } from "../../helpers/http2.js";

const CONNECTION_SPECIFIC = {
  Connection: "close",
  "Keep-Alive": "timeout=5",
  "Transfer-Encoding": "chunked",
  Upgrade: "websocket",
  "Proxy-Connection": "keep-alive",
};
let served;
let origin;
const warnings = [];
const onWarning = (warning) => warnings.push(warning);

beforeAll(async () => {
  process.on("warning", onWarning);
  const app = new Server();
  app.get("/set", (req, res) => {
    for (const [name, value] of Object.entries(CONNECTION_SPECIFIC)) res.setHeader(name, value);
    res.set("X-Kept", "1").send("set");
  });
  app.get("/append", (req, res) => {
    res.appendHeader("Connection", "close").appendHeader("X-Kept", "2");
    res.send("appended");
  });
  app.get("/writehead-object", (req, res) => {
    res.writeHead(200, "Fine Thanks", { ...CONNECTION_SPECIFIC, "X-Kept": "3", "Content-Type": "text/plain" });
    res.end("object");
  });
  app.get("/writehead-flat", (req, res) => {
    res.writeHead(202, ["Connection", "close", "X-Kept", "4"]);
    res.end("flat");
  });
  app.get("/status-message", (req, res) => {
    res.statusMessage = "Custom Reason";
    res.status(203).json({ statusMessage: res.statusMessage });
  });
  served = await listenHttp2(app);
  origin = `http://127.0.0.1:${served.port}`;
});

afterAll(async () => {
  process.off("warning", onWarning);
  await served?.close();
});

test.each([
  ["/set", 200, "1", "set"],
  ["/append", 200, "2", "appended"],
  ["/writehead-object", 200, "3", "object"],
  ["/writehead-flat", 202, "4", "flat"],
])("%s: connection-specific headers dropped, the rest sent", async (path, status, kept, body) => {
  const res = await h2request(origin, { path });
  expect(res.status).toBe(status);
  expect(res.text).toBe(body);
  expect(res.headers["x-kept"]).toBe(kept);
  for (const name of Object.keys(CONNECTION_SPECIFIC)) expect(res.headers[name.toLowerCase()]).toBeUndefined();
});

test("statusMessage is ignored without a warning", async () => {
  const res = await h2request(origin, { path: "/status-message" });
  expect(res.status).toBe(203);
  expect(JSON.parse(res.text)).toEqual({ statusMessage: "" });
  await vi.waitFor(() =>
    expect(warnings.filter((w) => /status message|connection header/i.test(w.message))).toEqual([]),
  );
});
