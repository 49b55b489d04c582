// Randomized differential answers: seeded random requests to the same app on Express and on
// lib-server, on raw sockets, compared byte for byte but for what legitimately differs (Date,
// X-Powered-By, cookie expiry times). Two apps, each on Express 5 against the default mode and
// on Express 4 against the Express 4 mode: chains of res methods given odd arguments, and
// conditional and range requests to routes, static files and res.sendFile. The sessions that
// wrote them found real differences with them (Content-Type parsing and charsets, If-Range,
// Express 4's fresh and range-parser). FUZZ_SEEDS requests × 10 per app and mode (npm test: 20;
// `npm run test:fuzz`: 300).
import net from "node:net";
import { fileURLToPath } from "node:url";
import express4 from "express4";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Server from "../src/index.js";
import Express4 from "../src/express4/index.js";
import { random } from "./helpers/routing-fuzz.js";
import { HOST } from "./helpers/server.js";

const REQUESTS = Number(process.env.FUZZ_SEEDS ?? 20) * 10;
const STATIC_ROOT = fileURLToPath(new URL("../examples/public", import.meta.url));
const MODES = [
  { name: "Express 5 / default mode", reference: express, subject: Server },
  { name: "Express 4.22 / Express 4 mode", reference: express4, subject: Express4 },
];

// res methods and the odd values apps hand them
const VALUES = [
  ...["a", "", "a b", "x;y", "ü", "text/html", "json", "png", "nope/nope", "text/html;", "text/html; b=1; a=2"],
  ...["http://x/y?z=1#f", "//evil.com", "/a/../b", "/ü?q=ä", "back", "<script>", ".png"],
  ...[42, 0, -1, 200, 301, 404, 999, 1000, 99, "201", 3.5, NaN, null, undefined, true, { a: 1 }, ["a", "b"]],
];
const COOKIE_OPTIONS = [
  ...[undefined, {}, { maxAge: 1000 }, { maxAge: -1 }, { maxAge: "1h" }, { expires: new Date(0) }, { signed: true }],
  ...[
    { httpOnly: true, secure: true, sameSite: "strict" },
    { path: "/p", domain: "example.com" },
    { sameSite: "bogus" },
  ],
  ...[{ priority: "high" }, { partitioned: true, secure: true }],
];
const OPERATIONS = [
  (res, a, b, options) => res.cookie(String(a), b, options),
  (res, a, b, options) => res.clearCookie(String(a), options),
  (res, a) => res.location(a),
  (res, a, b) => res.redirect(a, b),
  (res, a) => res.type(a),
  (res, a, b) => res.set(a, b),
  (res, a) => res.set("Content-Type", a),
  (res, a) => res.append("X-L", a),
  (res, a) => res.vary(a),
  (res, a) => res.links({ next: a }),
  (res, a) => res.status(a),
  (res, a) => res.sendStatus(a),
  (res, a) => res.send(a),
  (res, a) => res.json(a),
  (res, a) => res.jsonp(a),
  (res, a, b) => res.format({ text: () => res.send("t"), "application/json": () => res.json({ b }) }),
];

function methodsApp(plan) {
  return (app) => {
    app.get("/p/:i", (req, res) => {
      req.secret = "sekrit";
      try {
        for (const [operation, a, b, options] of plan[+req.params.i])
          OPERATIONS[operation](res, VALUES[a], VALUES[b], COOKIE_OPTIONS[options]);
        if (!res.headersSent) res.end("end");
      } catch (error) {
        if (res.headersSent) return;
        res.removeHeader("Set-Cookie");
        res.statusCode = 200;
        res.setHeader("Content-Type", "text/plain");
        res.end(`THROW ${error.constructor.name}: ${error.message}`);
      }
    });
  };
}

function methodsRequests(rand) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const index = (list) => Math.floor(rand() * list.length);
  const plan = Array.from({ length: REQUESTS }, () =>
    Array.from({ length: 1 + index([1, 2, 3]) }, () => [
      index(OPERATIONS),
      index(VALUES),
      index(VALUES),
      index(COOKIE_OPTIONS),
    ]),
  );
  const accept = ["*/*", "text/plain", "application/json", "image/png", "text/html"];
  const requests = plan.map(
    (_, i) => `GET /p/${i}?callback=cb HTTP/1.1\r\nReferer: /ref\r\nAccept: ${pick(accept)}\r\n`,
  );
  return { build: methodsApp(plan), requests };
}

// conditional and range requests to routes, static files and res.sendFile
function conditionalApp(app, factory) {
  app.set("etag", "strong");
  app.get("/fresh", (req, res) => {
    res.set("ETag", '"v1"').set("Last-Modified", new Date(0).toUTCString());
    res.json({ fresh: req.fresh, stale: req.stale });
  });
  app.get("/send", (req, res) => res.send("body"));
  app.get("/range", (req, res) => res.json({ range: req.range(1000, { combine: "c" in req.query }) ?? null }));
  app.get("/file", (req, res, next) => res.sendFile(req.query.f, { root: STATIC_ROOT }, (err) => err && next(err)));
  app.use("/st", factory.static(STATIC_ROOT, { maxAge: "1h" }));
  app.use((err, req, res, next) => res.status(err.status || 500).send(`error ${err.status}`));
}

function conditionalRequests(rand) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const day = 86_400_000;
  const dates = [new Date(0), new Date(Date.now() - day), new Date(Date.now() + day)].map((d) => d.toUTCString());
  const headers = {
    Range: ["bytes=0-10", "bytes=0-10,20-30", "bytes=0-10,5-15", "bytes=-5", "bytes=999999-", "bytes=abc", "lines=1-2"],
    "If-None-Match": ['"v1"', 'W/"v1"', "*", '"nope"'],
    "If-Modified-Since": [...dates, "garbage"],
    "If-Range": ['"v1"', "", ...dates],
    "If-Match": ['"v1"', "*", '"nope"'],
    "Cache-Control": ["no-cache"],
  };
  const paths = [
    "/fresh",
    "/send",
    "/range",
    "/range?c",
    "/file?f=index.html",
    "/file?f=missing",
    "/st/style.css",
    "/st/",
  ];
  const requests = Array.from({ length: REQUESTS }, () => {
    const lines = Object.entries(headers)
      .filter(() => rand() < 0.3)
      .map(([name, values]) => `${name}: ${pick(values)}\r\n`);
    return `${pick(["GET", "GET", "HEAD"])} ${pick(paths)} HTTP/1.1\r\n${lines.join("")}`;
  });
  return { build: conditionalApp, requests };
}

/** One request on its own connection; the raw answer, latin1. */
function exchange(port, head) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, HOST, () => socket.write(`${head}Host: x\r\nConnection: close\r\n\r\n`));
    const chunks = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
  });
}

const IGNORED = new Set(["date", "x-powered-by", "connection", "keep-alive"]);
// Status line, headers sorted (times in Expires dropped), body.
function comparableAnswer(raw) {
  const end = raw.indexOf("\r\n\r\n");
  const [status, ...lines] = raw.slice(0, end).split("\r\n");
  const kept = lines
    .filter((line) => !IGNORED.has(line.slice(0, line.indexOf(":")).toLowerCase()))
    .map((line) => line.replace(/Expires=[^;]*/i, "Expires=<time>"))
    .sort();
  return [status, ...kept, "", raw.slice(end + 4)].join("\n");
}

async function listening(app) {
  const server = app.listen(0, HOST);
  await new Promise((resolve) => server.once("listening", resolve));
  return server;
}

for (const [title, makeCase, seed] of [
  ["res methods given odd arguments", methodsRequests, 0x5eed1],
  ["conditional and range requests", conditionalRequests, 0x5eed2],
]) {
  for (const { name, reference, subject } of MODES) {
    describe(`${title}: ${name}`, () => {
      const { build, requests } = makeCase(random(seed));
      let servers;
      const quiet = () => {};
      beforeAll(async () => {
        process.on("deprecation", quiet);
        servers = await Promise.all(
          [reference, subject].map((factory) => {
            const app = factory();
            build(app, factory);
            return listening(app);
          }),
        );
      });
      afterAll(() => {
        process.off("deprecation", quiet);
        for (const server of servers ?? []) server.close();
      });

      it(`${requests.length} seeded requests answered the same`, async () => {
        const differences = [];
        for (const head of requests) {
          const [expected, actual] = await Promise.all(
            servers.map(async (server) => comparableAnswer(await exchange(server.address().port, head))),
          );
          if (actual !== expected) differences.push({ request: head, expected, actual });
        }
        expect(differences.slice(0, 3)).toEqual([]);
      });
    });
  }
}
