// A client that opens many streams in its first packet, with a zero flow-control window, and
// never reads (src/transport/http2/first-flight.js), then disconnects (src/transport/http2/server.js): h2c must
// hold no more for it than a plain node:http2 server does (maxSessionMemory per connection),
// and free all of it once the client is gone.
import http2 from "node:http2";
import v8 from "node:v8";
import vm from "node:vm";
import { afterEach, expect, test } from "vitest";
import Server from "../../../src/index.js";
import { listenHttp2 } from "../../helpers/http2.js";
import { stalledClient } from "../../helpers/h2-frames.js";

const ANSWER = 1 << 20; // 1 MB a response
const CONNECTIONS = 4;
const STREAMS = 100;
const MB = 1024 * 1024;

const closers = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

// The route counts the handlers that ran and the responses that closed.
function answerBig(counts) {
  return (req, res) => {
    counts.handled++;
    res.on("close", () => counts.closed++);
    res.end(Buffer.alloc(ANSWER));
  };
}

async function serveLibServer(counts) {
  const app = new Server({ http2MaxSessionMemory: 10 });
  app.get("/big", answerBig(counts));
  const { port, close } = await listenHttp2(app);
  closers.push(close);
  return port;
}

async function servePlainNode(counts) {
  const server = http2.createServer(
    { maxSessionMemory: 10, settings: { maxConcurrentStreams: STREAMS } },
    answerBig(counts),
  );
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return server.address().port;
}

const until = async (condition, ms) => {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
};

// Buffers (the answers) live outside V8's heap: arrayBuffers is what they hold, once a
// collection has freed the unreachable ones.
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc");
const heldMB = () => {
  collectGarbage();
  return process.memoryUsage().arrayBuffers / MB;
};
const figures = (label, f) => `${label}: ${JSON.stringify(f)}`;

async function stallAndLeave(port, counts) {
  const before = { held: heldMB(), rss: process.memoryUsage().rss / MB };
  const sockets = await Promise.all(
    Array.from({ length: CONNECTIONS }, () => stalledClient(port, { path: "/big", streams: STREAMS })),
  );
  await until(() => counts.handled >= CONNECTIONS * 10, 3_000);
  await new Promise((resolve) => setTimeout(resolve, 300)); // any further handler would have run by now
  const during = { held: heldMB(), rss: process.memoryUsage().rss / MB, handled: counts.handled };
  for (const socket of sockets) socket.destroy();
  await until(() => counts.closed === counts.handled, 3_000);
  const after = { held: heldMB(), rss: process.memoryUsage().rss / MB, closed: counts.closed };
  const round = (f) => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, Math.round(v)]));
  return { before: round(before), during: round(during), after: round(after) };
}

test("h2c runs no more handlers for a stalled first flight than node:http2, and frees their answers at disconnect", async () => {
  const nodeCounts = { handled: 0, closed: 0 };
  const node = await stallAndLeave(await servePlainNode(nodeCounts), nodeCounts);
  const libCounts = { handled: 0, closed: 0 };
  const lib = await stallAndLeave(await serveLibServer(libCounts), libCounts);
  const all = `${figures("node:http2", node)} ${figures("lib-server", lib)}`;
  // Node admits streams while the earlier ones' queued answers fit in maxSessionMemory
  // (10 MB: 10 answers of 1 MB); the rest are refused.
  expect(lib.during.handled, all).toBeLessThanOrEqual(nodeCounts.handled);
  expect(lib.during.handled, all).toBeGreaterThanOrEqual(CONNECTIONS);
  expect(lib.during.held - lib.before.held, all).toBeLessThan(CONNECTIONS * 12);
  // Every response closed once its client left, and nothing of it is held.
  expect(libCounts.closed, all).toBe(libCounts.handled);
  await until(() => heldMB() - lib.before.held < 5, 3_000);
  expect(heldMB() - lib.before.held, all).toBeLessThan(5);
});

test("the first flight's refused streams get ENHANCE_YOUR_CALM and the connection keeps serving", async () => {
  const counts = { handled: 0, closed: 0 };
  const port = await serveLibServer(counts);
  const socket = await stalledClient(port, { path: "/big", streams: 20 });
  await until(() => socket.resets.size >= 10, 3_000);
  expect(counts.handled).toBe(10);
  expect([...socket.resets.values()]).toEqual(Array(10).fill(http2.constants.NGHTTP2_ENHANCE_YOUR_CALM));
  // A well-behaved client on another connection is served meanwhile.
  const session = http2.connect(`http://127.0.0.1:${port}`);
  session.on("error", () => {});
  const stream = session.request({ ":path": "/big" });
  let bytes = 0;
  stream.on("data", (chunk) => (bytes += chunk.length));
  await new Promise((resolve) => stream.once("close", resolve));
  expect(bytes).toBe(ANSWER);
  session.close();
  socket.destroy();
});
