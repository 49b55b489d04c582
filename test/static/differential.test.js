// Same directory, same options: express.static (serve-static 2) vs serveStatic,
// both mounted in Express 5 apps. Status, body and the headers listed below must
// agree. Deliberate differences, not compared:
// - Error bodies from Express's final handler include stack traces that differ.
// - Symlinks leaving the root: serve-static follows them, we don't (security.test.js).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { utimesSync } from "node:fs";
import { join } from "node:path";
import express from "express";
import { serveStatic } from "../../src/static/index.js";
import Server from "../../src/index.js";
import { makeTree, listen, errorShape } from "./helpers.js";

const COMPARED = [
  "content-type",
  "content-length",
  "etag",
  "cache-control",
  "accept-ranges",
  "content-range",
  "location",
  "last-modified",
  "allow",
];
let tree;
const pairs = new Map(); // options key -> { theirs, ours }

// reportErrors: an error handler answers with the error's shape as JSON.
async function pair(options = {}, mount, reportErrors = false) {
  const key = JSON.stringify({ options, mount, reportErrors });
  if (!pairs.has(key)) {
    const build = (mw) => {
      const app = express();
      if (mount) app.use(mount, mw);
      else app.use(mw);
      if (reportErrors) app.use((err, req, res, next) => res.status(err.status ?? 500).json(errorShape(err)));
      return listen(app);
    };
    pairs.set(key, {
      theirs: await build(express.static(tree.root, options)),
      ours: await build(serveStatic(tree.root, options)),
    });
  }
  return pairs.get(key);
}

function picked(res, withLength) {
  const names = withLength ? COMPARED : COMPARED.filter((name) => name !== "content-length");
  return Object.fromEntries(
    names.filter((name) => res.headers[name] !== undefined).map((name) => [name, res.headers[name]]),
  );
}

// Middleware and caches may see the order headers were set in: it must be send's.
const headerOrder = (res) =>
  Object.keys(res.headers).filter((name) => !["date", "x-powered-by", "connection", "keep-alive"].includes(name));

async function compare(path, { options, mount, method = "GET", headers = {}, compareBody = true, reportErrors } = {}) {
  const { theirs, ours } = await pair(options, mount, reportErrors);
  const [a, b] = await Promise.all([
    theirs.request(path, { method, headers }),
    ours.request(path, { method, headers }),
  ]);
  const label = `${method} ${path} ${JSON.stringify(options ?? {})}`;
  expect(b.status, label).toBe(a.status);
  expect(picked(b, compareBody), label).toEqual(picked(a, compareBody));
  expect(headerOrder(b), label).toEqual(headerOrder(a));
  if (compareBody) expect(b.text, label).toBe(a.text);
  return { theirs: a, ours: b };
}

beforeAll(() => {
  tree = makeTree({
    "hello.txt": "hello world",
    "empty.txt": "",
    "index.html": "<h1>home</h1>",
    "page.html": "<p>page</p>",
    "style.css": "body{}",
    "app.js": "export default 1;",
    "data.json": '{"a":1}',
    "image.png": Buffer.from([137, 80, 78, 71]),
    "font.woff2": "w",
    noext: "n",
    "sub/index.html": "<p>sub</p>",
    "nodex/file.txt": "f",
    "with space.txt": "space",
    "ünïcode.txt": "u",
    "percent%20.txt": "literal percent",
    ".env": "SECRET=1",
    ".hidden/file.txt": "h",
    "late.txt": "modified in a second's last half millisecond",
  });
  // mtime 0.99995 s past a second: Node's stat.mtime rounds it up to the next second.
  const late = 1_795_779_574.99995;
  utimesSync(join(tree.root, "late.txt"), late, late);
});

afterAll(async () => {
  for (const { theirs, ours } of pairs.values()) await Promise.all([theirs.close(), ours.close()]);
  tree.cleanup();
});

describe("matches express.static", () => {
  it("Last-Modified and ETag of a file modified in a second's last half millisecond", async () => {
    await compare("/late.txt");
  });

  it.each([
    "/hello.txt",
    "/empty.txt",
    "/",
    "/index.html",
    "/style.css",
    "/app.js",
    "/data.json",
    "/image.png",
    "/font.woff2",
    "/noext",
    "/sub/",
    "/with%20space.txt",
    "/%C3%BCn%C3%AFcode.txt",
    "/percent%2520.txt",
    "/hello.txt?query=1",
  ])("serves %s", async (path) => {
    await compare(path);
    await compare(path, { method: "HEAD" });
  });

  // An encoded slash is not a trailing slash: send redirects it like "/sub".
  it.each(["/sub", "/sub?a=1&b=2", "/nodex", "/sub%2f", "/sub%2F?x=1", "/nodex%2f"])("redirects %s", async (path) => {
    await compare(path);
  });

  it("misses: unknown files, directories without index, dotfiles, traversal, other methods", async () => {
    for (const path of [
      "/missing.txt",
      "/nodex/",
      "/.env",
      "/.hidden/file.txt",
      "/../etc/passwd",
      "/hello.txt/",
      "/hello.txt%2f",
      "/missing%2f",
    ]) {
      await compare(path, { compareBody: false });
    }
    await compare("/hello.txt", { method: "POST", compareBody: false });
    await compare("/hello.txt", { method: "OPTIONS", compareBody: false });
  });

  it("options: maxAge, immutable, cacheControl, lastModified, acceptRanges", async () => {
    for (const options of [
      { maxAge: 60_000 },
      { maxAge: "1d", immutable: true },
      { cacheControl: false },
      { lastModified: false },
      { acceptRanges: false },
    ]) {
      await compare("/hello.txt", { options });
    }
  });

  it("options: null is accepted, as serve-static does", async () => {
    await compare("/hello.txt", { options: null });
    await compare("/sub", { options: null });
  });

  it("options: index, extensions, redirect, dotfiles, fallthrough", async () => {
    await compare("/", { options: { index: false }, compareBody: false });
    await compare("/", { options: { index: ["page.html"] } });
    await compare("/page", { options: { extensions: ["html"] } });
    await compare("/sub", { options: { redirect: false }, compareBody: false });
    await compare("/.env", { options: { dotfiles: "allow" } });
    await compare("/.env", { options: { dotfiles: "deny" }, compareBody: false });
    await compare("/.env", { options: { dotfiles: "deny", fallthrough: false }, compareBody: false });
    await compare("/missing", { options: { fallthrough: false }, compareBody: false });
    await compare("/hello.txt", { options: { fallthrough: false }, method: "PUT" });
  });

  it("mounted: redirect at the mount point and paths below it", async () => {
    await compare("/static", { mount: "/static" });
    await compare("/static?x=1", { mount: "/static" });
    await compare("/static/", { mount: "/static" });
    await compare("/static/sub", { mount: "/static" });
    await compare("/static/hello.txt", { mount: "/static" });
  });

  it("ranges: single, suffix, open, merged, multiple, unsatisfiable", async () => {
    for (const range of ["bytes=0-4", "bytes=-5", "bytes=6-", "bytes=0-2,1-4", "bytes=0-1,4-5", "bytes=abc"]) {
      await compare("/hello.txt", { headers: { range } });
    }
    await compare("/hello.txt", { headers: { range: "bytes=50-60" }, compareBody: false });
  });

  it("errors passed to next(err): same name, class, status, expose, code and message", async () => {
    const long = "/" + "a".repeat(300);
    const cases = [
      ["/missing.txt"],
      ["/missing.txt", { extensions: ["html", "htm"] }],
      ["/nodex/"],
      ["/nodex/", { index: false }],
      ["/missing/", { index: false }],
      ["/hello.txt/", { index: false }],
      ["/hello.txt/"],
      ["/hello.txt%2f"],
      ["/missing%2f"],
      [long],
      ["/.env"],
      ["/.env", { dotfiles: "deny" }],
      ["/%E0%A4%A"],
      ["/a%00.txt"],
      ["/..%2f..%2fetc/passwd"],
      ["/sub", { redirect: false }],
      ["/hello.txt", {}, { range: "bytes=50-60" }],
      ["/hello.txt", {}, { "if-match": '"other"' }],
    ];
    for (const [path, options = {}, headers] of cases) {
      const { theirs, ours } = await compare(path, {
        options: { ...options, fallthrough: false },
        headers,
        reportErrors: true,
      });
      expect(ours.status, path).toBeGreaterThanOrEqual(400);
      expect(JSON.parse(ours.text), path).toEqual(JSON.parse(theirs.text));
    }
  });

  it("a root whose path is too long fails as send's stat does (ENAMETOOLONG, 404, expose false)", async () => {
    const root = tree.root + "/foobar".repeat(10_000);
    const serve = async (mw) => {
      const app = express();
      app.use(mw);
      app.use((err, req, res, next) => res.status(err.status ?? 500).json(errorShape(err)));
      return listen(app);
    };
    const theirs = await serve(express.static(root, { fallthrough: false }));
    const ours = await serve(serveStatic(root, { fallthrough: false }));
    try {
      const [a, b] = await Promise.all([theirs.request("/hello.txt"), ours.request("/hello.txt")]);
      expect(b.status).toBe(404);
      expect(JSON.parse(b.text)).toEqual(JSON.parse(a.text));
      expect(JSON.parse(b.text).code).toBe("ENAMETOOLONG");
    } finally {
      await Promise.all([theirs.close(), ours.close()]);
    }
  });

  it("conditional requests with the weak ETag both send", async () => {
    const { theirs } = await pair();
    const first = await theirs.request("/hello.txt");
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    const opaque = etag.slice(2);
    const lastModified = first.headers["last-modified"];
    const stale = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    for (const headers of [
      { "if-none-match": etag },
      { "if-none-match": opaque },
      { "if-none-match": `"other", ${etag}` },
      { "if-none-match": '"other"' },
      { "if-modified-since": lastModified },
      { "if-match": etag },
      { "if-match": opaque },
      { "if-match": `"other", ${etag}` },
      { "if-match": '"other"' },
      { "if-match": "" },
      { "if-unmodified-since": stale },
      { range: "bytes=0-1", "if-range": etag },
      { range: "bytes=0-1", "if-range": '"other"' },
      { range: "bytes=0-1", "if-range": lastModified },
      { range: "bytes=0-1", "if-range": new Date(Date.parse(lastModified) + 60_000).toUTCString() },
      { range: "bytes=0-1", "if-range": stale },
      { range: "bytes=0-1", "if-range": "garbage" },
      { range: "bytes=0-1", "if-range": `W/${etag}` },
      { range: "bytes=0-1", "if-range": `"other", ${etag}` },
    ]) {
      await compare("/hello.txt", { headers, compareBody: !headers["if-match"] && !headers["if-unmodified-since"] });
    }
  });

  // One freshness rule (the `fresh` package) decides 304s here, in send and for req.fresh,
  // including where it reads RFC 9110 loosely: a tab in an If-None-Match list, an empty
  // If-None-Match next to If-Modified-Since, Cache-Control directives in capitals.
  it("freshness: the same 304s as send, and req.fresh agrees with the file's answer", async () => {
    const { theirs, ours } = await pair();
    const first = await theirs.request("/hello.txt");
    const { etag, "last-modified": lastModified } = first.headers;
    const later = new Date(Date.parse(lastModified) + 60_000).toUTCString();
    const earlier = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    const cases = [
      { "if-none-match": "*" },
      { "if-none-match": `"other",\t${etag}` },
      { "if-none-match": etag, "cache-control": "No-Cache" },
      { "if-none-match": etag, "cache-control": "max-age=0" },
      { "if-none-match": "", "if-modified-since": later },
      { "if-none-match": '"other"', "if-modified-since": later },
      { "if-none-match": etag, "if-modified-since": earlier },
      { "if-modified-since": later },
      { "if-modified-since": "garbage" },
    ];
    // lib-server's req.fresh, with the validators the file gets.
    const app = new Server();
    app.get("/fresh", (req, res) => {
      res.set({ ETag: etag, "Last-Modified": lastModified });
      res.set("X-Fresh", String(req.fresh)).end();
    });
    const server = await listen(app);
    try {
      for (const headers of cases) {
        const { ours: answer } = await compare("/hello.txt", { headers });
        const { headers: seen } = await server.request("/fresh", { headers });
        expect(seen["x-fresh"], JSON.stringify(headers)).toBe(String(answer.status === 304));
      }
    } finally {
      await server.close();
    }
    expect((await ours.request("/hello.txt", { headers: cases[4] })).status).toBe(304);
  });
});
