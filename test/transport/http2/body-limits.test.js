// A request body the server will not read, over HTTP/2: past a parser's limit, or left to the
// final handler (src/body/, src/final-handler.js, src/transport/exchange.js). There is no
// connection to keep in sync: the answer goes at once, whether the body ever comes or not;
// what comes is dropped, and a body still not ended when the linger is over is reset with
// RST_STREAM NO_ERROR (RFC 9113 §8.1); the session serves on. requestTimeout is long here:
// an answer that waits for the body fails the time limit. Over h2c and TLS at once.
import http2 from "node:http2";
import { afterAll, beforeAll, expect, test } from "vitest";
import Server from "../../../src/index.js";
import { LINGER_MS } from "../../../src/transport/exchange.js";
import { listenHttp2, testCertificate } from "../../helpers/http2.js";

const LIMIT = 100;
const QUICK = 2_000; // ms to an answer; requestTimeout is 60 s
const { NGHTTP2_NO_ERROR, NGHTTP2_CANCEL } = http2.constants;
const PARSERS = [
  ["json", "application/json"],
  ["urlencoded", "application/x-www-form-urlencoded"],
  ["text", "text/plain"],
  ["raw", "application/octet-stream"],
];

const sessions = {};
const servers = [];
const lingering = []; // the exchanges whose body never ends, for the last test

beforeAll(async () => {
  for (const transport of ["h2c", "tls"]) {
    const app = new Server({ requestTimeout: 60_000 });
    app.set("env", "test");
    for (const [parser] of PARSERS)
      app.post(`/${parser}`, Server[parser]({ limit: LIMIT }), (req, res) => res.send("parsed"));
    app.post("/unread", (req, res) => res.send("answered unread"));
    app.get("/", (req, res) => res.send("alive"));
    const served = await listenHttp2(app, transport === "tls" ? testCertificate() : {});
    servers.push(served);
    sessions[transport] = http2.connect(`${transport === "tls" ? "https" : "http"}://127.0.0.1:${served.port}`, {
      rejectUnauthorized: false,
    });
    sessions[transport].on("error", () => {});
  }
});

afterAll(async () => {
  for (const session of Object.values(sessions)) session.close();
  await Promise.all(servers.map((served) => served.close()));
});

const both = (exchange) => Promise.all(Object.keys(sessions).map(exchange));

// A POST whose body is `sent` and then withheld (the stream left open). `answered` resolves
// at the end of the answer, `closed` when the stream closes (the client's side never ends:
// only the server's reset closes it), or after the linger and 3 s more, cancelled.
function post(transport, path, headers, sent) {
  const started = Date.now();
  const stream = sessions[transport].request({ ":method": "POST", ":path": path, ...headers }, { endStream: false });
  if (sent) stream.write(sent);
  const answer = { status: undefined, text: "" };
  stream.on("response", (received) => (answer.status = received[":status"]));
  stream.on("data", (chunk) => (answer.text += chunk));
  stream.on("error", () => {});
  const answered = new Promise((resolve) => stream.on("end", () => resolve({ ...answer, ms: Date.now() - started })));
  const closed = new Promise((resolve) => {
    const giveUp = setTimeout(() => stream.close(NGHTTP2_CANCEL), LINGER_MS + 3_000);
    stream.on("close", () => {
      clearTimeout(giveUp);
      resolve({ rstCode: stream.rstCode, ms: Date.now() - started });
    });
  });
  return { stream, answered: Promise.race([answered, closed.then(() => answer)]), closed };
}

// Answered within QUICK, with the answer's status and text; the stream left to linger.
async function expectAnsweredAtOnce(transport, path, headers, sent, status, text) {
  const exchange = post(transport, path, headers, sent);
  const answer = await exchange.answered;
  expect(answer).toMatchObject({ status });
  expect(answer.text).toContain(text);
  expect(answer.ms).toBeLessThan(QUICK);
  lingering.push({ transport, path, answeredMs: answer.ms, closed: exchange.closed });
}

test.each(PARSERS)("%s(): a Content-Length past the limit and no body yet: the 413 at once", (parser, type) =>
  both((transport) =>
    expectAnsweredAtOnce(
      transport,
      `/${parser}`,
      { "content-type": type, "content-length": "10000000" },
      undefined,
      413,
      "request entity too large",
    ),
  ),
);

test("a body past the limit that stalls half way, its length declared or not: the 413 at once", () =>
  both(async (transport) => {
    const json = { "content-type": "application/json" };
    await expectAnsweredAtOnce(
      transport,
      "/json",
      { ...json, "content-length": "2000" },
      Buffer.alloc(1000, " "),
      413,
      "request entity too large",
    );
    // read up to the limit, then refused: the stream was flowing
    await expectAnsweredAtOnce(transport, "/json", json, Buffer.alloc(1000, " "), 413, "request entity too large");
  }));

test("a 404 for a request whose declared body has not come: answered at once", () =>
  both((transport) =>
    expectAnsweredAtOnce(
      transport,
      "/nowhere",
      { "content-length": "10000000" },
      undefined,
      404,
      "Cannot POST /nowhere",
    ),
  ));

test("a body that comes once answered is dropped to its end: the stream ends without a reset", () =>
  both(async (transport) => {
    for (const path of ["/json", "/nowhere"]) {
      const exchange = post(transport, path, { "content-type": "application/json", "content-length": "1000" });
      expect((await exchange.answered).ms).toBeLessThan(QUICK);
      await new Promise((resolve) => setTimeout(resolve, 100)); // a reset would be here by now
      expect(exchange.stream.closed).toBe(false);
      exchange.stream.end(Buffer.alloc(1000, " "));
      expect((await exchange.closed).ms).toBeLessThan(QUICK);
    }
  }));

test("a route that answers without reading the body: Node resets the rest at once", () =>
  both(async (transport) => {
    const exchange = post(transport, "/unread", { "content-length": "10000000" }, Buffer.alloc(1000));
    expect(await exchange.answered).toMatchObject({ status: 200, text: "answered unread" });
    expect(await exchange.closed).toMatchObject({ rstCode: NGHTTP2_NO_ERROR });
    expect((await exchange.closed).ms).toBeLessThan(QUICK);
  }));

test("each body that never ended is reset with NO_ERROR once the linger is over; the sessions serve on", async () => {
  expect(lingering).toHaveLength(2 * (PARSERS.length + 3));
  for (const { transport, path, answeredMs, closed } of lingering) {
    const { rstCode, ms } = await closed;
    expect({ transport, path, rstCode }).toEqual({ transport, path, rstCode: NGHTTP2_NO_ERROR });
    // the linger starts when the server gives up on the body, between the request and the answer
    expect(ms).toBeGreaterThanOrEqual(LINGER_MS - 20);
    expect(ms).toBeLessThan(answeredMs + LINGER_MS + QUICK);
  }
  await both(async (transport) => {
    const stream = sessions[transport].request({ ":path": "/" });
    let text = "";
    stream.on("data", (chunk) => (text += chunk));
    await new Promise((resolve) => stream.on("close", resolve));
    expect(text).toBe("alive");
    expect(sessions[transport].destroyed).toBe(false);
  });
});
