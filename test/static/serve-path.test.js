// Answering with one found file (src/static/serve-path.js, the core behind serveStatic and
// res.sendFile): validators and conditional requests, ranges, precompressed siblings, and
// files that change while they are served. Through serveStatic on plain node:http.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import http from "node:http";
import { truncateSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, gzipSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { serveStatic } from "../../src/static/index.js";
import { makeTree, staticServers } from "./helpers.js";
import { startPair, view } from "../helpers/server.js";
import { recordHeaderCalls } from "../helpers/header-calls.js";

// Headers a 304 may carry or must drop
const NAMES = [
  "etag",
  "last-modified",
  "cache-control",
  "accept-ranges",
  "content-type",
  "content-length",
  "content-encoding",
];

const TEXT = "0123456789abcdefghij"; // 20 bytes
const SOURCE = "export const greeting = 'hello';\n".repeat(200);
const BIG = 16 * 1024 * 1024;
let tree;
const { serve, closeAll } = staticServers(() => tree.root);

beforeAll(() => {
  tree = makeTree({
    "text.txt": TEXT,
    "v.txt": "one",
    "app.js": SOURCE,
    "app.js.br": brotliCompressSync(SOURCE),
    "app.js.gz": gzipSync(SOURCE),
    "only-gz.css": SOURCE,
    "only-gz.css.gz": gzipSync(SOURCE),
    "big.bin": Buffer.alloc(BIG, 1),
    "gone.bin": Buffer.alloc(BIG, 2),
  });
});

afterAll(async () => {
  await closeAll();
  tree.cleanup();
});

// A server and the validators it sends for /text.txt. Strong ETags here: they
// get RFC 9110's strong comparisons (the default weak ones are compared to
// Express in differential.test.js).
async function serveWithValidators() {
  const s = await serve({ etag: "strong" });
  const { headers } = await s.request("/text.txt");
  return { s, etag: headers.etag, lastModified: headers["last-modified"] };
}

describe("conditional requests", () => {
  let s, etag, lastModified;
  beforeAll(async () => {
    ({ s, etag, lastModified } = await serveWithValidators());
  });
  const status = async (headers, method) => (await s.request("/text.txt", { headers, method })).status;

  it("If-None-Match: exact, weak, in a list, or * -> 304 without a body", async () => {
    const res = await s.request("/text.txt", { headers: { "if-none-match": etag } });
    expect(res.status).toBe(304);
    expect(res.body.length).toBe(0);
    expect(res.headers.etag).toBe(etag);
    expect(res.headers["content-type"]).toBeUndefined();
    expect(res.headers["content-length"]).toBeUndefined();
    expect(await status({ "if-none-match": `W/${etag}` })).toBe(304);
    expect(await status({ "if-none-match": `"nope", ${etag}` })).toBe(304);
    expect(await status({ "if-none-match": "*" })).toBe(304);
    expect(await status({ "if-none-match": etag }, "HEAD")).toBe(304);
    expect(await status({ "if-none-match": '"nope"' })).toBe(200);
  });

  it("If-Modified-Since -> 304 unless modified after; If-None-Match wins over it", async () => {
    expect(await status({ "if-modified-since": lastModified })).toBe(304);
    expect(await status({ "if-modified-since": new Date(Date.now() + 60_000).toUTCString() })).toBe(304);
    expect(await status({ "if-modified-since": new Date(Date.parse(lastModified) - 1000).toUTCString() })).toBe(200);
    expect(await status({ "if-modified-since": "garbage" })).toBe(200);
    expect(await status({ "if-none-match": '"nope"', "if-modified-since": lastModified })).toBe(200);
  });

  it("a request Cache-Control: no-cache gets the full response", async () => {
    expect(await status({ "if-none-match": etag, "cache-control": "no-cache" })).toBe(200);
  });

  it("If-Match / If-Unmodified-Since failures -> 412, forwarded as an error", async () => {
    const res = await s.request("/text.txt", { headers: { "if-match": '"other"' } });
    expect(res.status).toBe(412);
    expect(res.headers["x-fell-through"]).toBe("error");
    expect(await status({ "if-match": `W/${etag}` })).toBe(412); // strong comparison
    expect(await status({ "if-match": etag })).toBe(200);
    expect(await status({ "if-match": `"a", ${etag}` })).toBe(200);
    expect(await status({ "if-match": "*" })).toBe(200);
    expect(await status({ "if-unmodified-since": new Date(Date.parse(lastModified) - 1000).toUTCString() })).toBe(412);
    expect(await status({ "if-unmodified-since": lastModified })).toBe(200);
  });
});

describe("a 304 seen by wrapped header methods", () => {
  // send sets Content-Type, then removes it for a 304: a wrapped setHeader/removeHeader sees
  // both (lib-server skips the pair only when nobody could see it).
  it("the same setHeader/removeHeader calls as express.static, and the same headers unwrapped", async () => {
    const pair = await startPair((app, factory) => {
      const calls = [];
      app.use(recordHeaderCalls(calls, (req) => req.query.wrap !== undefined));
      app.use(factory.static(tree.root));
      return calls;
    });
    try {
      const [first] = await pair.both("/text.txt");
      const headers = { "if-none-match": first.headers.etag };
      for (const path of ["/text.txt", "/text.txt?wrap"]) {
        const [reference, lib] = await pair.both({ path, headers });
        expect(lib.status, path).toBe(304);
        expect(view(lib, NAMES), path).toEqual(view(reference, NAMES));
      }
      expect(pair.lib.context).toEqual(pair.reference.context);
      expect(pair.lib.context).toContain("remove Content-Type");
    } finally {
      await pair.close();
    }
  });
});

describe("range requests", () => {
  let s, etag, lastModified;
  beforeAll(async () => {
    ({ s, etag, lastModified } = await serveWithValidators());
  });
  const get = (range, extra = {}) => s.request("/text.txt", { headers: { range, ...extra } });

  it("serves single ranges with 206 and Content-Range", async () => {
    for (const [range, body, contentRange] of [
      ["bytes=0-4", "01234", "bytes 0-4/20"],
      ["bytes=15-", "fghij", "bytes 15-19/20"],
      ["bytes=-3", "hij", "bytes 17-19/20"],
      ["bytes=18-100", "ij", "bytes 18-19/20"],
      ["bytes=0-2,1-4", "01234", "bytes 0-4/20"], // overlapping ranges merge
    ]) {
      const res = await get(range);
      expect(res.status, range).toBe(206);
      expect(res.text).toBe(body);
      expect(res.headers["content-range"]).toBe(contentRange);
      expect(res.headers["content-length"]).toBe(String(body.length));
    }
  });

  it("HEAD with a range reports the range's length", async () => {
    const res = await s.request("/text.txt", { method: "HEAD", headers: { range: "bytes=0-4" } });
    expect(res.status).toBe(206);
    expect(res.headers["content-length"]).toBe("5");
  });

  it("unsatisfiable -> 416 with Content-Range: bytes */size", async () => {
    for (const range of ["bytes=20-30", "bytes=5-2"]) {
      const res = await get(range);
      expect(res.status, range).toBe(416);
      expect(res.headers["content-range"]).toBe("bytes */20");
      expect(res.headers["x-fell-through"]).toBe("error");
    }
  });

  it("several ranges, malformed or foreign units -> the whole entity", async () => {
    for (const range of ["bytes=0-1,5-6", "bytes=abc", "items=0-1"]) {
      const res = await get(range);
      expect(res.status, range).toBe(200);
      expect(res.text).toBe(TEXT);
    }
  });

  it("an abusive list of ranges is ignored without parsing it", async () => {
    const range = "bytes=" + Array.from({ length: 2000 }, (_, i) => `${i % 20}-${i % 20}`).join(",");
    const started = performance.now();
    const res = await get(range);
    expect(res.status).toBe(200);
    expect(res.text).toBe(TEXT);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("If-Range: the current ETag, or a date not before Last-Modified -> range, else the whole entity", async () => {
    const shifted = (ms) => new Date(Date.parse(lastModified) + ms).toUTCString();
    expect((await get("bytes=0-1", { "if-range": etag })).status).toBe(206);
    expect((await get("bytes=0-1", { "if-range": lastModified })).status).toBe(206);
    expect((await get("bytes=0-1", { "if-range": shifted(1000) })).status).toBe(206);
    expect((await get("bytes=0-1", { "if-range": '"stale"' })).status).toBe(200);
    expect((await get("bytes=0-1", { "if-range": shifted(-1000) })).status).toBe(200);
  });
});

describe("precompressed", () => {
  let s;
  beforeAll(async () => {
    s = await serve({ precompressed: true });
  });
  const get = (path, encoding, method) =>
    s.request(path, { method, headers: encoding === undefined ? {} : { "accept-encoding": encoding } });

  it("serves the .br sibling to clients accepting brotli", async () => {
    const res = await get("/app.js", "gzip, deflate, br");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(res.headers["content-length"]).toBe(String(res.body.length));
    expect(brotliDecompressSync(res.body).toString()).toBe(SOURCE);
  });

  it("falls back to .gz, then to the file itself", async () => {
    const gz = await get("/app.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(SOURCE);
    const refused = await get("/app.js", "br;q=0, gzip;q=0.5");
    expect(refused.headers["content-encoding"]).toBe("gzip");
    const identity = await get("/app.js", "identity");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.text).toBe(SOURCE);
    expect(identity.headers.vary).toBe("Accept-Encoding");
    const none = await get("/app.js");
    expect(none.text).toBe(SOURCE);
    const onlyGz = await get("/only-gz.css", "br, gzip");
    expect(onlyGz.headers["content-encoding"]).toBe("gzip");
    expect(onlyGz.headers["content-type"]).toBe("text/css; charset=utf-8");
  });

  it("gives each representation its own ETag and 304s them separately", async () => {
    const br = await get("/app.js", "br");
    const plain = await get("/app.js", "identity");
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    expect(br.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+-br"$/);
    const again = await s.request("/app.js", {
      headers: { "accept-encoding": "br", "if-none-match": br.headers.etag },
    });
    expect(again.status).toBe(304);
    const other = await s.request("/app.js", {
      headers: { "accept-encoding": "identity", "if-none-match": br.headers.etag },
    });
    expect(other.status).toBe(200);
  });

  it("honours a list of encodings, and HEAD", async () => {
    const gzOnly = await serve({ precompressed: ["gzip"] });
    expect(
      (await gzOnly.request("/app.js", { headers: { "accept-encoding": "br, gzip" } })).headers["content-encoding"],
    ).toBe("gzip");
    const head = await get("/app.js", "br", "HEAD");
    expect(head.headers["content-encoding"]).toBe("br");
    expect(Number(head.headers["content-length"])).toBe(brotliCompressSync(SOURCE).length);
    expect(() => serveStatic(tree.root, { precompressed: ["zip"] })).toThrow(TypeError);
    expect(() => serveStatic(tree.root, { precompressed: ["toString"] })).toThrow(TypeError); // not an inherited key either
  });

  it("is off by default", async () => {
    const plain = await serve();
    const res = await plain.request("/app.js", { headers: { "accept-encoding": "br" } });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
  });

  it("an invalid or negative q does not select a precompressed file", async () => {
    for (const header of ["gzip;q=abc", "gzip;q=-1", "br;q=abc, gzip;q=-1"]) {
      const res = await s.request("/app.js", { headers: { "accept-encoding": header } });
      expect(res.headers["content-encoding"], header).toBeUndefined();
      expect(res.text).toBe(SOURCE);
    }
  });
});

describe("files changing while served", () => {
  it("cuts a response whose file shrinks mid-stream, and keeps running", async () => {
    const s = await serve();
    const { port } = new URL(s.base);
    const outcome = await new Promise((resolve) => {
      let received = 0;
      const req = http.get({ host: "127.0.0.1", port, path: "/big.bin", agent: false }, (res) => {
        const expected = Number(res.headers["content-length"]);
        truncateSync(join(tree.root, "big.bin"), 1000);
        res.on("data", (chunk) => (received += chunk.length));
        res.on("end", () => resolve({ complete: res.complete, received, expected }));
        res.on("error", () => resolve({ complete: false, received, expected }));
      });
      req.on("error", () => resolve({ complete: false, received }));
    });
    expect(outcome.complete).toBe(false);
    expect(outcome.received).toBeLessThan(BIG);
    const after = await s.request("/big.bin");
    expect(after.status).toBe(200);
    expect(after.body.length).toBe(1000);
  });

  it("answers 404 for a file deleted after its stat was cached", async () => {
    const s = await serve({ revalidateAfter: 60_000 });
    const res = await s.request("/gone.bin", { method: "HEAD" });
    expect(res.status).toBe(200);
    unlinkSync(join(tree.root, "gone.bin"));
    const after = await s.request("/gone.bin");
    expect(after.status).toBe(404);
    expect((await s.request("/gone.bin")).status).toBe(404);
    expect((await s.request("/v.txt")).status).toBe(200);
  });
});
