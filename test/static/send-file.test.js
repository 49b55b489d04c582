// sendFile(req, res, path, options, done): the core behind res.sendFile.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import http from "node:http";
import { join } from "node:path";
import { sendFile } from "../../src/static/send-file.js";
import Server from "../../src/index.js";
import { differential } from "../helpers/compare.js";
import { request } from "../helpers/server.js";
import { makeTree, listen, errorShape } from "./helpers.js";

let tree, server;
// Streamed, not cached (over 1 MiB), and every offset recognisable.
const COUNTING = Buffer.from(Array.from({ length: 3 * 1024 * 1024 }, (_, i) => i % 251));
// Each request says what to do through headers, results are reported back in
// X-Done (what `done` received) when the callback answers.
const outcomes = [];

beforeAll(async () => {
  tree = makeTree({
    "a.txt": "alpha",
    "page.html": "<p>page</p>",
    "dir/index.html": "<p>dir</p>",
    ".config/app.json": "{}",
    "big.bin": Buffer.alloc(4 * 1024 * 1024, 7),
    "digits.txt": "0123456789",
    "counting.bin": COUNTING,
  });
  server = await listen((req, res) => {
    const url = new URL(req.url, "http://x");
    const options = JSON.parse(url.searchParams.get("options") ?? "{}");
    const path = url.searchParams.get("path");
    const record = (err) => {
      outcomes.push({
        path,
        err: err ? { status: err.status, code: err.code, headers: err.headers } : null,
        finished: res.writableFinished,
      });
      if (err && !res.headersSent) {
        res.statusCode = err.status ?? 500;
        res.end(`done:${err.status}:${err.code ?? ""}`);
      }
    };
    if (url.searchParams.has("no-callback")) sendFile(req, res, path, options);
    else sendFile(req, res, path, options, record);
  });
});

afterAll(async () => {
  await server.close();
  tree.cleanup();
});

const call = (path, options = {}, { headers, extra = "" } = {}) =>
  server.request(`/?path=${encodeURIComponent(path)}&options=${encodeURIComponent(JSON.stringify(options))}${extra}`, {
    headers,
  });
const lastOutcome = async () => {
  await new Promise((resolve) => setTimeout(resolve, 20));
  return outcomes.at(-1);
};

describe("sendFile", () => {
  it("sends an absolute path and calls done() once the response finished", async () => {
    const res = await call(join(tree.root, "a.txt"));
    expect(res.status).toBe(200);
    expect(res.text).toBe("alpha");
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(await lastOutcome()).toEqual({ path: join(tree.root, "a.txt"), err: null, finished: true });
  });

  it("accepts null options, as send does", async () => {
    expect((await call(join(tree.root, "a.txt"), null)).text).toBe("alpha");
  });

  it("resolves a relative path against options.root", async () => {
    expect((await call("page.html", { root: tree.root })).text).toBe("<p>page</p>");
    expect((await call("dir/", { root: tree.root })).text).toBe("<p>dir</p>");
  });

  it("passes a missing file to done as 404 with code ENOENT", async () => {
    const res = await call(join(tree.root, "nope.txt"));
    expect(res.text).toBe("done:404:ENOENT");
    expect((await lastOutcome()).err).toMatchObject({ status: 404, code: "ENOENT" });
  });

  it("refuses to climb out of root (403) and null bytes (400)", async () => {
    expect((await call("../secret", { root: join(tree.root, "dir") })).text).toBe("done:403:");
    expect((await call(`${tree.root}/dir/../a.txt`)).text).toBe("done:403:");
    expect((await call("a.txt\0.html", { root: tree.root })).text).toBe("done:400:");
  });

  it("applies dotfiles to the path below root, or the whole path without root", async () => {
    expect((await call(".config/app.json", { root: tree.root })).text).toBe("done:404:");
    expect((await call(".config/app.json", { root: tree.root, dotfiles: "deny" })).text).toBe("done:403:");
    expect((await call(".config/app.json", { root: tree.root, dotfiles: "allow" })).text).toBe("{}");
    expect((await call("app.json", { root: join(tree.root, ".config") })).text).toBe("{}");
    expect((await call(join(tree.root, ".config/app.json"))).text).toBe("done:404:");
  });

  it("reports a directory as EISDIR (no status, as in Express)", async () => {
    const res = await call(join(tree.root, "dir"));
    expect(res.text).toBe("done:undefined:EISDIR");
  });

  it("sets options.headers, maxAge and friends", async () => {
    const res = await call(join(tree.root, "a.txt"), {
      headers: { "X-Extra": "1", "Cache-Control": "private" },
      maxAge: "1h",
      lastModified: false,
    });
    expect(res.headers["x-extra"]).toBe("1");
    expect(res.headers["cache-control"]).toBe("private");
    expect(res.headers["last-modified"]).toBeUndefined();
    const other = await call(join(tree.root, "a.txt"), { maxAge: "1h", immutable: true, etag: false });
    expect(other.headers["cache-control"]).toBe("public, max-age=3600, immutable");
    expect(other.headers.etag).toBeUndefined();
  });

  it("hands 412 and 416 to done, with the Content-Range header for 416", async () => {
    expect((await call(join(tree.root, "a.txt"), {}, { headers: { "if-match": '"x"' } })).text).toBe("done:412:");
    const res = await call(join(tree.root, "a.txt"), {}, { headers: { range: "bytes=99-" } });
    expect(res.status).toBe(416);
    expect((await lastOutcome()).err).toMatchObject({ status: 416, headers: { "Content-Range": "bytes */5" } });
  });

  it("answers 304 itself and then calls done()", async () => {
    const first = await call(join(tree.root, "a.txt"));
    const res = await call(join(tree.root, "a.txt"), {}, { headers: { "if-none-match": first.headers.etag } });
    expect(res.status).toBe(304);
    expect((await lastOutcome()).err).toBeNull();
  });

  it("without a callback, answers errors with a small HTML page", async () => {
    const missing = await call(join(tree.root, "nope.txt"), {}, { extra: "&no-callback" });
    expect(missing.status).toBe(404);
    expect(missing.headers["content-type"]).toBe("text/html; charset=UTF-8");
    expect(missing.text).toContain("Not Found");
    const range = await call(join(tree.root, "a.txt"), {}, { headers: { range: "bytes=99-" }, extra: "&no-callback" });
    expect(range.status).toBe(416);
    expect(range.headers["content-range"]).toBe("bytes */5");
    expect(range.headers.etag).toBeUndefined();
  });

  it("throws for a relative path without root", () => {
    expect(() => sendFile({}, { on() {} }, "a.txt", {})).toThrow(TypeError);
    expect(() => sendFile({}, { on() {} }, "", {})).toThrow(TypeError);
  });

  it("reports ECONNABORTED when the client goes away mid-stream, and keeps serving", async () => {
    const before = outcomes.length;
    await new Promise((resolve) => {
      const { port } = new URL(server.base);
      const path = `/?path=${encodeURIComponent(join(tree.root, "big.bin"))}`;
      const req = http.get({ host: "127.0.0.1", port, path, agent: false }, (res) => {
        res.once("data", () => {
          req.destroy();
          resolve();
        });
      });
      req.on("error", () => {});
    });
    await expect.poll(() => outcomes.length, { timeout: 2000 }).toBeGreaterThan(before);
    expect(outcomes.at(-1).err).toMatchObject({ code: "ECONNABORTED" });
    expect((await call(join(tree.root, "a.txt"))).text).toBe("alpha");
  });

  it("streams a large file whole", async () => {
    const res = await call(join(tree.root, "big.bin"));
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(4 * 1024 * 1024);
    expect(res.headers["content-length"]).toBe(String(4 * 1024 * 1024));
    expect(res.body.every((byte) => byte === 7)).toBe(true);
    const range = await call(join(tree.root, "big.bin"), {}, { headers: { range: "bytes=1048576-1048580" } });
    expect(range.status).toBe(206);
    expect(range.body.length).toBe(5);
  });
});

// res.sendFile / res.download in an Express 5 app and in lib-server: status, headers
// (ETag included) and body must agree.
describe("res.sendFile and res.download against Express", () => {
  let d;
  // What each framework's sendFile callback received: { express: [...], lib: [...] }.
  const seen = { express: [], lib: [] };
  const report = (log) => (err) =>
    log.push(err ? { name: err.name, code: err.code, message: err.message, status: err.status } : null);
  beforeAll(async () => {
    d = await differential((app, factory) => {
      const log = seen[factory === Server ? "lib" : "express"];
      app.get("/after-end", (req, res) => {
        res.end("ended");
        res.sendFile(join(tree.root, "a.txt"), report(log));
      });
      // The client leaves before the handler answers.
      app.get("/client-gone", (req, res) =>
        res.once("close", () => res.sendFile(join(tree.root, "big.bin"), report(log))),
      );
      app.get("/file", (req, res) => res.sendFile(join(tree.root, "a.txt")));
      app.get("/slice/:name", (req, res) =>
        res.sendFile(join(tree.root, req.params.name), JSON.parse(req.query.options)),
      );
      // ?path=&options=: what the callback's error looks like.
      app.get("/error", (req, res) =>
        res.sendFile(req.query.path, JSON.parse(req.query.options ?? "{}"), (err) =>
          res.status(err?.status ?? 500).json(errorShape(err)),
        ),
      );
      app.get("/download", (req, res) => res.download(join(tree.root, "a.txt")));
      // ?path=: res.sendFile without a callback (its error goes to next), res.download with and without one.
      app.get("/next-error", (req, res) => res.sendFile(req.query.path));
      app.get("/download-error", (req, res) =>
        res.download(req.query.path, (err) => res.status(err?.status ?? 500).json(errorShape(err))),
      );
      app.get("/download-next-error", (req, res) => res.download(req.query.path));
      app.get("/strong", (req, res) => res.sendFile(join(tree.root, "a.txt"), { etag: "strong" }));
      // Errors from res.sendFile reach next(err): answered here, quietly (the final handler logs them).
      app.use((err, req, res, next) =>
        res
          .status(err.status ?? 500)
          .set(err.headers ?? {})
          .json(errorShape(err)),
      );
    });
  });
  afterAll(() => d.close());

  it("sends the same weak ETag and validators", async () => {
    for (const path of ["/file", "/download"]) {
      const [expected, actual] = await d.both({ path });
      expect(actual.headers.etag).toMatch(/^W\/"/);
      expect(actual).toEqual(expected);
      const [expected304, actual304] = await d.both({ path, headers: { "if-none-match": expected.headers.etag } });
      expect(actual304.status).toBe(304);
      expect(actual304).toEqual(expected304);
    }
  });

  // Express races two reports here: send's "headers already sent" error against on-finished
  // seeing the ended response, which it reports as ECONNABORTED (68 times in 500 in a loop on
  // this machine). lib-server always gives the first, Express's usual answer.
  it("calls back with an error when the response already ended", async () => {
    seen.express.length = seen.lib.length = 0;
    const [expected, actual] = await d.both({ path: "/after-end" });
    expect(actual).toEqual(expected);
    await expect.poll(() => seen.lib.length + seen.express.length).toBe(2);
    const headersSent = { name: "Error", message: "Can't set headers after they are sent.", status: 500 };
    const aborted = { name: "Error", code: "ECONNABORTED", message: "Request aborted" };
    expect(seen.lib).toEqual([headersSent]);
    expect([headersSent, aborted]).toContainEqual(seen.express[0]);
  });

  it("calls back with ECONNABORTED when the client went away first", async () => {
    seen.express.length = seen.lib.length = 0;
    for (const server of [d.express, d.lib]) {
      const req = http.get({ host: "127.0.0.1", port: server.port, path: "/client-gone", agent: false });
      req.on("error", () => {});
      await new Promise((resolve) => setTimeout(resolve, 50));
      req.destroy();
    }
    await expect.poll(() => seen.lib.length + seen.express.length).toBe(2);
    expect(seen.lib).toEqual(seen.express);
    expect(seen.lib[0]).toMatchObject({ code: "ECONNABORTED", message: "Request aborted" });
  });

  it("calls back with errors shaped as send's (name, class, status, expose, code, message)", async () => {
    const cases = [
      [join(tree.root, "nope.txt")],
      [join(tree.root, "dir")],
      [join(tree.root, "a.txt") + "/"],
      [join(tree.root, "x".repeat(300))],
      [`${tree.root}/dir/../a.txt`],
      [join(tree.root, ".config/app.json")],
      ["nodir/", { root: tree.root }],
      ["a.txt/", { root: tree.root }],
      ["dir/", { root: tree.root, index: false }],
      // Names that reduce to the root itself: the directory, not its index page.
      [".", { root: join(tree.root, "dir") }],
      ["", { root: join(tree.root, "dir") }],
      ["sub/..", { root: join(tree.root, "dir") }],
      [".config/app.json", { root: tree.root }],
      [".config/app.json", { root: tree.root, dotfiles: "deny" }],
      ["../a.txt", { root: join(tree.root, "dir") }],
      ["a\0.txt", { root: tree.root }],
      [join(tree.root, "a.txt"), {}, { range: "bytes=99-" }],
      [join(tree.root, "a.txt"), {}, { "if-match": '"x"' }],
    ];
    for (const [path, options = {}, headers] of cases) {
      const query = `path=${encodeURIComponent(path)}&options=${encodeURIComponent(JSON.stringify(options))}`;
      const [expected, actual] = await d.both({ path: `/error?${query}`, headers });
      expect(actual.status, path).toBeGreaterThanOrEqual(400);
      expect(JSON.parse(actual.body), path).toEqual(JSON.parse(expected.body));
      expect(actual, path).toEqual(expected);
    }
  });

  it("a missing file: the fs error send gives (ENOENT, 404, expose false), to next(err) and to res.download's callback", async () => {
    for (const route of ["/next-error", "/download-error", "/download-next-error"]) {
      for (const path of [
        join(tree.root, "nope.txt"),
        join(tree.root, "x".repeat(300)),
        join(tree.root, "a.txt", "x"),
      ]) {
        const [expected, actual] = await d.both({ path: `${route}?path=${encodeURIComponent(path)}` });
        const shape = JSON.parse(actual.body);
        expect(shape, route).toMatchObject({
          status: 404,
          statusCode: 404,
          expose: false,
          syscall: "stat",
          path,
          class: "Error",
        });
        expect(shape.message, route).toMatch(
          /^(ENOENT: no such file or directory|ENAMETOOLONG: name too long|ENOTDIR: not a directory), stat '/,
        );
        expect(actual, route).toEqual(expected);
      }
    }
  });

  it("honours start/end (inclusive byte offsets), with Range inside them, as send", async () => {
    const cases = [
      [{ start: 2, end: 5 }],
      [{ start: 2 }],
      [{ end: 3 }],
      [{ start: 0, end: 0 }],
      [{ start: 4, end: 100 }],
      [{ start: 20 }],
      [{ start: 2, end: 5 }, { range: "bytes=1-2" }],
      [{ start: 2, end: 5 }, { range: "bytes=-2" }],
      [{ start: 2, end: 5 }, { range: "bytes=2-" }],
      [{ start: 2, end: 5 }, { range: "bytes=4-9" }],
      [{ start: 2, end: 5 }, { range: "bytes=0-1,3-3" }],
      [{ start: 2, end: 5 }, { range: "bytes=1-2" }, "HEAD"],
    ];
    for (const name of ["digits.txt", "counting.bin"]) {
      for (const [options, headers = {}, method = "GET"] of cases) {
        const path = `/slice/${name}?options=${encodeURIComponent(JSON.stringify(options))}`;
        const [expected, actual] = await d.both({ path, headers, method });
        const label = `${method} ${name} ${JSON.stringify(options)} ${JSON.stringify(headers)}`;
        expect(actual, label).toEqual(expected);
      }
    }
    const [, slice] = await d.both({
      path: `/slice/counting.bin?options=${encodeURIComponent('{"start":1000000,"end":1000009}')}`,
    });
    expect(slice.body).toBe(COUNTING.subarray(1_000_000, 1_000_010).toString());
  });

  it('takes etag: "strong" as a request for a strong tag (Express has no such option)', async () => {
    const res = await request(d.lib.port, { path: "/strong" });
    expect(res.headers.etag).toMatch(/^"5-[0-9a-f]+"$/);
    expect((await call(join(tree.root, "a.txt"), { etag: "strong" })).headers.etag).toBe(res.headers.etag);
  });
});
