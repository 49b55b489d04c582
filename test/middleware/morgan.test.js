// morgan: the log lines written for each request match Express 5's, once the parts that
// vary between two servers (date, timing) are masked.
import { it, expect } from "vitest";
import morgan from "morgan";
import { forEachMode, usePair, eventually } from "./harness.js";

const ESC = "\u001b"; // morgan's "dev" format colours the status with ANSI escapes

morgan.token("request-id", (req) => req.get("x-request-id"));

const FORMATS = {
  combined: "combined",
  dev: "dev",
  custom: ":request-id :method :url :status :res[content-length] :response-time ms :req[user-agent]",
  // A function format reads the same fields morgan's tokens do.
  fn: (tokens, req, res) =>
    [req.originalUrl, res.statusCode, res.getHeader("content-length"), tokens["response-time"](req, res, 0)].join(" "),
};

function build(app, factory) {
  const lines = Object.fromEntries(Object.keys(FORMATS).map((name) => [name, []]));
  for (const [name, format] of Object.entries(FORMATS)) {
    app.use(morgan(format, { stream: { write: (line) => lines[name].push(line) } }));
  }
  lines.immediate = [];
  app.use(morgan(":method :url :status", { immediate: true, stream: { write: (line) => lines.immediate.push(line) } }));

  const api = factory.Router();
  api.get("/items", (req, res) => res.json([1, 2, 3]));
  api.post("/items", factory.json(), (req, res) => res.status(201).json(req.body));
  app.use("/api", api);
  app.get("/stream", (req, res) => {
    res.write("chunked ");
    res.end("answer");
  });
  app.get("/gone", (req, res) => res.sendStatus(410));
  app.get("/file", (req, res) => res.sendFile("harness.js", { root: import.meta.dirname }));
  app.use("/files", factory.static(import.meta.dirname));
  return lines;
}

// Masks what differs between two servers answering the same request.
const normalize = (line) =>
  line
    .replace(/\[\d{2}\/\w{3}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000\]/, "[DATE]")
    .replace(/\d+(\.\d+)? ms/, "N ms")
    .replace(/ \d+\n$/, " N\n");

const requests = {
  "mounted router, query string kept in :url": {
    path: "/api/items?x=1",
    headers: { "user-agent": "vitest", referer: "http://ref.example/" },
  },
  "POST with a JSON body": {
    method: "POST",
    path: "/api/items",
    headers: { "content-type": "application/json", "x-request-id": "r-7" },
    body: '{"a":1}',
  },
  "streamed answer without Content-Length": { path: "/stream" },
  "sendStatus 410": { path: "/gone" },
  "res.sendFile": { path: "/file" },
  "static file": { path: "/files/harness.js" },
  "static 304": {
    path: "/files/harness.js",
    headers: { "if-modified-since": new Date(Date.now() + 60_000).toUTCString() },
  },
  "final handler 404": { path: "/nowhere?q=%20" },
  HEAD: { method: "HEAD", path: "/api/items" },
};

forEachMode("morgan", (mode) => {
  const pair = usePair(build, mode);

  /** Sends `req` to both apps; resolves to [expressLines, libLines], one line per format. */
  async function logsOf(req) {
    const contexts = [pair.express.context, pair.lib.context];
    for (const lines of contexts) for (const list of Object.values(lines)) list.length = 0;
    await pair.both(req);
    const complete = (lines) => Object.values(lines).every((list) => list.length === 1);
    await eventually(() => contexts.every(complete));
    return contexts.map((lines) =>
      Object.fromEntries(Object.entries(lines).map(([name, [line]]) => [name, normalize(line)])),
    );
  }

  for (const [title, req] of Object.entries(requests)) {
    it(title, async () => {
      const [expected, actual] = await logsOf(req);
      expect(actual).toEqual(expected);
    });
  }

  it("logs originalUrl, status, length and a response time", async () => {
    await pair.both({ path: "/api/items?x=1", headers: { "user-agent": "vitest" } }); // warm-up
    const [, actual] = await logsOf({
      path: "/api/items?x=1",
      headers: { "user-agent": "vitest", "x-request-id": "r-1" },
    });
    const raw = pair.lib.context;
    expect(actual.combined).toBe('127.0.0.1 - - [DATE] "GET /api/items?x=1 HTTP/1.1" 200 7 "-" "vitest"\n');
    expect(raw.custom[0]).toMatch(/^r-1 GET \/api\/items\?x=1 200 7 \d+\.\d{3} ms vitest\n$/);
    expect(raw.dev[0]).toMatch(new RegExp(String.raw`GET /api/items\?x=1 ${ESC}\[32m200${ESC}\[0m \d+\.\d{3} ms - 7`));
    expect(raw.fn[0]).toMatch(/^\/api\/items\?x=1 200 7 \d+\n$/);
    expect(raw.immediate[0]).toBe("GET /api/items?x=1 -\n");
  });

  it("times file answers too (their headers go out through writeHead)", async () => {
    await logsOf({ path: "/files/harness.js" });
    expect(pair.lib.context.custom[0]).toMatch(/^- GET \/files\/harness\.js 200 \d+ \d+\.\d{3} ms -\n$/);
  });
});
