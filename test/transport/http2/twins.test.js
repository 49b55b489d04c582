// src/transport/http2/twins.js: an app's HTTP/2 prototypes inherit its own, so a method added
// to app.request/app.response (or to the shared Server.request/Server.response) at any time is
// seen over HTTP/2 as over HTTP/1.1, while every member Node's classes define is the HTTP/2
// compat one.
import http2 from "node:http2";
import { afterEach, expect, test } from "vitest";
import Server from "../../../src/index.js";
import { h2request, listenHttp2 } from "../../helpers/http2.js";

const closers = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

function listenOn(server) {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ port: server.address().port, close: () => new Promise((done) => server.close(done)) }),
    ),
  );
}

// Served by listen({ http2: true }) (classes on the twins) and by http2.createServer(app)
// (Node's objects given the twins as they enter the app); a mounted app adds a method of its own.
const servers = [
  ["listen({ http2: true })", (app) => listenHttp2(app)],
  ["http2.createServer(app)", (app) => listenOn(http2.createServer(app))],
];

test.each(servers)(
  "methods added after the first HTTP/2 request are seen by the next one, through %s",
  async (_, serve) => {
    const app = new Server();
    const sub = new Server();
    sub.response.mounted = function mounted() {
      return "mounted";
    };
    const answer = (req, res) =>
      res.json([
        typeof req.late === "function" && req.late(),
        typeof res.late === "function" && res.late(),
        typeof res.shared === "function" && res.shared(),
      ]);
    app.get("/", answer);
    sub.get("/", (req, res) => res.json([res.mounted(), typeof res.late === "function" && res.late()]));
    app.use("/sub", sub);
    const { port, close } = await serve(app);
    closers.push(close);
    const origin = `http://127.0.0.1:${port}`;
    const get = async (path) => JSON.parse((await h2request(origin, { path })).text);

    expect(await get("/")).toEqual([false, false, false]);
    expect(await get("/sub")).toEqual(["mounted", false]);
    app.request.late = function late() {
      return `late ${this.httpVersion}`;
    };
    app.response.late = function late() {
      return `late ${this.req.originalUrl}`;
    };
    Server.response.shared = function shared() {
      return "shared";
    };
    try {
      expect(await get("/")).toEqual(["late 2.0", "late /", "shared"]);
      expect(await get("/sub")).toEqual(["mounted", "late /sub"]);
    } finally {
      delete Server.response.shared;
    }
  },
);

test("over HTTP/2 every member Node's classes define is the compat one: HTTP/1-only ones are absent", async () => {
  const app = new Server();
  app.get("/", (req, res) =>
    res.json({
      stream: typeof res.stream === "object" && res.stream === req.stream,
      // Node's HTTP/1 members (setHeaders is Node 22's and later, _dump every line's)
      setHeaders: typeof res.setHeaders,
      dump: typeof req._dump,
      // Stream's pipe, as on Node's compat response (OutgoingMessage's would throw)
      pipe: res.pipe === Object.getPrototypeOf(http2.Http2ServerResponse.prototype).pipe,
      // request.js's header view (no pseudo-headers), response.js's statusMessage
      pseudoHeaders: Object.keys(req.headers).filter((name) => name.startsWith(":")),
      statusMessage: res.statusMessage,
    }),
  );
  const { port, close } = await listenHttp2(app);
  closers.push(close);
  expect(JSON.parse((await h2request(`http://127.0.0.1:${port}`, { path: "/" })).text)).toEqual({
    stream: true,
    setHeaders: "undefined",
    dump: "undefined",
    pipe: true,
    pseudoHeaders: [],
    statusMessage: "",
  });
});
