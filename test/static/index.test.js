// serveStatic(root, options), the middleware (src/static/index.js): which requests it serves,
// redirects or lets fall through, and what each option changes, on plain node:http. How a
// found file is answered (validators, conditional requests, ranges, encodings): serve-path.test.js.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { statSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "../../src/static/index.js";
import { makeTree, listen, fallbackHandler, staticServers } from "./helpers.js";

const TEXT = "0123456789abcdefghij"; // 20 bytes
let tree;
const { serve, track, closeAll } = staticServers(() => tree.root);

beforeAll(() => {
  tree = makeTree({
    "text.txt": TEXT,
    "empty.txt": "",
    "index.html": "<p>home</p>",
    "page.html": "<p>page</p>",
    "style.css": "p{}",
    "app.js": "1",
    "mod.mjs": "1",
    "data.json": "{}",
    "pic.png": "png",
    "icon.svg": "<svg/>",
    "code.wasm": "w",
    "blob.unknownext": "?",
    noext: "x",
    "sub/index.html": "<p>sub</p>",
    "other/default.htm": "default",
    "other/b.html": "b",
    "empty-dir/": "",
    ".hidden.txt": "hidden",
    ".dotdir/inside.txt": "inside",
    "with space.txt": "spaced",
  });
});

afterAll(async () => {
  await closeAll();
  tree.cleanup();
});

describe("serving files", () => {
  let s;
  beforeAll(async () => {
    s = await serve();
  });

  it("answers GET with the bytes and full headers", async () => {
    const res = await s.request("/text.txt");
    const stat = statSync(join(tree.root, "text.txt"));
    expect(res.status).toBe(200);
    expect(res.text).toBe(TEXT);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.headers["content-length"]).toBe("20");
    expect(res.headers["accept-ranges"]).toBe("bytes");
    expect(res.headers["cache-control"]).toBe("public, max-age=0");
    expect(res.headers["last-modified"]).toBe(stat.mtime.toUTCString());
    // Weak, exactly as the `etag` package makes it from fs.Stats (what Express sends).
    expect(res.headers.etag).toBe(`W/"${(20).toString(16)}-${stat.mtime.getTime().toString(16)}"`);
  });

  it('etag: "strong" sends a strong ETag instead', async () => {
    const strong = await serve({ etag: "strong" });
    const res = await strong.request("/text.txt");
    expect(res.headers.etag).toMatch(/^"14-[0-9a-f]+"$/);
  });

  it("answers HEAD with the same headers and no body", async () => {
    const get = await s.request("/text.txt");
    const head = await s.request("/text.txt", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe("20");
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it("sends an empty file with Content-Length: 0", async () => {
    const res = await s.request("/empty.txt");
    expect(res.status).toBe(200);
    expect(res.headers["content-length"]).toBe("0");
    expect(res.body.length).toBe(0);
  });

  it("ignores the query string and decodes the path", async () => {
    expect((await s.request("/text.txt?v=1&x=%zz")).text).toBe(TEXT);
    expect((await s.request("/text.txt#frag")).text).toBe(TEXT);
    expect((await s.request("/with%20space.txt")).text).toBe("spaced");
  });

  it.each([
    ["/index.html", "text/html; charset=utf-8"],
    ["/style.css", "text/css; charset=utf-8"],
    ["/app.js", "text/javascript; charset=utf-8"],
    ["/mod.mjs", "text/javascript; charset=utf-8"],
    ["/data.json", "application/json; charset=utf-8"],
    ["/pic.png", "image/png"],
    ["/icon.svg", "image/svg+xml"],
    ["/code.wasm", "application/wasm"],
    ["/blob.unknownext", "application/octet-stream"],
    ["/noext", "application/octet-stream"],
  ])("types %s as %s", async (path, type) => {
    expect((await s.request(path)).headers["content-type"]).toBe(type);
  });

  it("serves index.html for the root and sub-directories", async () => {
    expect((await s.request("/")).text).toBe("<p>home</p>");
    expect((await s.request("/sub/")).text).toBe("<p>sub</p>");
  });

  it("redirects a directory without its slash, keeping the query", async () => {
    const res = await s.request("/sub?a=1");
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/sub/?a=1");
    expect(res.headers["content-type"]).toBe("text/html; charset=UTF-8");
    expect(res.text).toContain("Redirecting to /sub/?a=1");
  });

  it("falls through for missing files, directories without index, and other methods", async () => {
    for (const [path, method] of [
      ["/nope.txt", "GET"],
      ["/empty-dir/", "GET"],
      ["/text.txt/", "GET"],
      ["/text.txt", "POST"],
      ["/text.txt", "DELETE"],
    ]) {
      const res = await s.request(path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers["x-fell-through"]).toBe("next");
    }
  });
});

describe("options", () => {
  it("index: a name, a list in order, or false", async () => {
    const one = await serve({ index: "default.htm" });
    expect((await one.request("/other/")).text).toBe("default");
    const list = await serve({ index: ["missing.html", "b.html", "default.htm"] });
    expect((await list.request("/other/")).text).toBe("b");
    const none = await serve({ index: false });
    expect((await none.request("/")).status).toBe(404);
    expect((await none.request("/sub/")).headers["x-fell-through"]).toBe("next");
  });

  it("redirect: false makes a slash-less directory a miss", async () => {
    const s = await serve({ redirect: false });
    const res = await s.request("/sub");
    expect(res.status).toBe(404);
    expect(res.headers.location).toBeUndefined();
  });

  it("redirects at the mount point using originalUrl", async () => {
    const mw = serveStatic(tree.root);
    const s = await listen((req, res) => {
      req.originalUrl = req.url;
      const rest = req.url.slice("/static".length);
      req.url = rest.startsWith("/") ? rest : "/" + rest;
      fallbackHandler(mw)(req, res);
    });
    track(s);
    const res = await s.request("/static?x=1");
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/static/?x=1");
    expect((await s.request("/static/sub")).headers.location).toBe("/static/sub/");
    expect((await s.request("/static/")).text).toBe("<p>home</p>");
  });

  it("extensions: tried in order for extension-less paths only", async () => {
    const s = await serve({ extensions: ["txt", "html"] });
    expect((await s.request("/page")).text).toBe("<p>page</p>");
    expect((await s.request("/text")).text).toBe(TEXT);
    expect((await s.request("/page.htm")).status).toBe(404);
    expect((await s.request("/nope")).status).toBe(404);
  });

  it("dotfiles: ignore (default) hides, allow serves, deny forbids", async () => {
    const ignore = await serve();
    for (const path of ["/.hidden.txt", "/.dotdir/inside.txt", "/%2Ehidden.txt"]) {
      const res = await ignore.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers["x-fell-through"]).toBe("next");
    }
    const allow = await serve({ dotfiles: "allow" });
    expect((await allow.request("/.hidden.txt")).text).toBe("hidden");
    expect((await allow.request("/.dotdir/inside.txt")).text).toBe("inside");
    const deny = await serve({ dotfiles: "deny", fallthrough: false });
    expect((await deny.request("/.hidden.txt")).status).toBe(403);
    expect((await deny.request("/.dotdir/inside.txt")).status).toBe(403);
    const denyThrough = await serve({ dotfiles: "deny" });
    expect((await denyThrough.request("/.hidden.txt")).headers["x-fell-through"]).toBe("next");
    expect(() => serveStatic(tree.root, { dotfiles: "maybe" })).toThrow(TypeError);
  });

  it("maxAge (ms or string), immutable, cacheControl: false", async () => {
    expect((await (await serve({ maxAge: 1500 })).request("/text.txt")).headers["cache-control"]).toBe(
      "public, max-age=1",
    );
    expect((await (await serve({ maxAge: "1d" })).request("/text.txt")).headers["cache-control"]).toBe(
      "public, max-age=86400",
    );
    expect(
      (await (await serve({ maxAge: "2 hours", immutable: true })).request("/text.txt")).headers["cache-control"],
    ).toBe("public, max-age=7200, immutable");
    expect((await (await serve({ maxAge: "10y" })).request("/text.txt")).headers["cache-control"]).toBe(
      "public, max-age=31536000",
    );
    expect((await (await serve({ maxAge: "soon" })).request("/text.txt")).headers["cache-control"]).toBe(
      "public, max-age=0",
    );
    expect(
      (await (await serve({ cacheControl: false, maxAge: 1000 })).request("/text.txt")).headers["cache-control"],
    ).toBeUndefined();
  });

  it("etag, lastModified and acceptRanges can be turned off", async () => {
    const s = await serve({ etag: false, lastModified: false, acceptRanges: false });
    const res = await s.request("/text.txt", { headers: { range: "bytes=0-1" } });
    expect(res.status).toBe(200);
    expect(res.text).toBe(TEXT);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers["last-modified"]).toBeUndefined();
    expect(res.headers["accept-ranges"]).toBeUndefined();
  });

  it("setHeaders(res, path, stat) runs before the defaults, which don't override it", async () => {
    const calls = [];
    const s = await serve({
      setHeaders(res, path, stat) {
        calls.push([path, stat.size]);
        res.setHeader("Cache-Control", "no-store");
        res.setHeader("X-Served-By", "static");
      },
    });
    const res = await s.request("/text.txt");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["x-served-by"]).toBe("static");
    expect(calls).toEqual([[join(tree.root, "text.txt"), 20]]);
    expect((await s.request("/nope")).headers["x-served-by"]).toBeUndefined();
    expect(() => serveStatic(tree.root, { setHeaders: "no" })).toThrow(TypeError);
  });

  it("fallthrough: false answers 405 for other methods and forwards 404/400 errors", async () => {
    const s = await serve({ fallthrough: false });
    const post = await s.request("/text.txt", { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
    expect(post.headers["content-length"]).toBe("0");
    for (const [path, status] of [
      ["/nope.txt", 404],
      ["/%E0%A4%A", 400],
      ["/a%00.txt", 400],
      ["/..%2f..%2fetc/passwd", 403],
    ]) {
      const res = await s.request(path);
      expect(res.status, path).toBe(status);
      expect(res.headers["x-fell-through"]).toBe("error");
    }
  });

  it("requires a root path", () => {
    expect(() => serveStatic()).toThrow(TypeError);
    expect(() => serveStatic(42)).toThrow(TypeError);
  });
});
