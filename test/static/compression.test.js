// Precompressed siblings (option `precompressed`) and on-the-fly compression (option `compress`).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { brotliCompressSync, gzipSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import accepts from "accepts";
import { serveStatic } from "../../src/static/index.js";
import { acceptsEncoding } from "../../src/static/accept-encoding.js";
import { makeTree, staticServers } from "./helpers.js";

const SOURCE = "export const greeting = 'hello';\n".repeat(200);
let tree;
const { serve, closeAll } = staticServers(() => tree.root);

beforeAll(() => {
  tree = makeTree({
    "app.js": SOURCE,
    "app.js.br": brotliCompressSync(SOURCE),
    "app.js.gz": gzipSync(SOURCE),
    "only-gz.css": SOURCE,
    "only-gz.css.gz": gzipSync(SOURCE),
    "plain.js": SOURCE,
    "tiny.txt": "small",
    "photo.png": Buffer.alloc(5000, 1),
  });
});

afterAll(async () => {
  await closeAll();
  tree.cleanup();
});

describe("precompressed", () => {
  let s;
  beforeAll(async () => {
    s = await serve({ precompressed: true });
  });
  const get = (path, encoding, method) => s.request(path, { method, headers: encoding === undefined ? {} : { "accept-encoding": encoding } });

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
    const again = await s.request("/app.js", { headers: { "accept-encoding": "br", "if-none-match": br.headers.etag } });
    expect(again.status).toBe(304);
    const other = await s.request("/app.js", { headers: { "accept-encoding": "identity", "if-none-match": br.headers.etag } });
    expect(other.status).toBe(200);
  });

  it("honours a list of encodings, and HEAD", async () => {
    const gzOnly = await serve({ precompressed: ["gzip"] });
    expect((await gzOnly.request("/app.js", { headers: { "accept-encoding": "br, gzip" } })).headers["content-encoding"]).toBe("gzip");
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
});

describe("Accept-Encoding", () => {
  // What `accepts` (negotiator, as used by Express and compression) decides is the reference.
  const HEADERS = [
    "gzip;q=abc",
    "gzip;q=-1",
    "gzip;q=-0",
    "gzip;q=NaN",
    "*;q=abc",
    "gzip;q=0.5abc",
    "gzip;q=",
    "gzip;q",
    "gzip;Q=0",
    'gzip;q="0"',
    'gzip;q="0.3"',
    "gzip;q=1e-3",
    "gzip;q=.5",
    "gzip;q=0, *",
    "*;q=0, gzip",
    "GZIP",
    "gzip ; q=0",
    "gzip;level=1;q=0",
    'gzip;x="a;q=0"',
    'gzip; a="x,q=0"; q=0',
    "gzip;q=0;q=1",
    "gzip;q=0,gzip;q=1",
    "gzip;q=1, gzip;q=abc",
    "gzip;q=abc, gzip;q=1",
    "gzip q=0",
    "x-gzip",
    "identity",
    "",
    "br;q=0, *",
    "deflate, gzip;q=1.0, *;q=0.5",
    "br, gzip",
    "  gzip  ",
    "gzip\t;\tq=0",
  ];

  it.each(HEADERS)("%j means what it means to negotiator", (header) => {
    for (const name of ["gzip", "br"]) {
      const reference = accepts({ headers: { "accept-encoding": header } }).encodings([name]) === name;
      expect(acceptsEncoding(header, name), name).toBe(reference);
    }
  });

  it("an invalid or negative q does not select a precompressed file", async () => {
    const s = await serve({ precompressed: true });
    for (const header of ["gzip;q=abc", "gzip;q=-1", "br;q=abc, gzip;q=-1"]) {
      const res = await s.request("/app.js", { headers: { "accept-encoding": header } });
      expect(res.headers["content-encoding"], header).toBeUndefined();
      expect(res.text).toBe(SOURCE);
    }
  });
});

describe("compress on the fly", () => {
  it("serves a compressed copy once it is ready, identical once decoded", async () => {
    const s = await serve({ compress: true });
    const first = await s.request("/plain.js", { headers: { "accept-encoding": "br" } });
    expect(first.text).toBe(SOURCE);
    expect(first.headers.vary).toBe("Accept-Encoding");
    let res;
    await expect
      .poll(async () => {
        res = await s.request("/plain.js", { headers: { "accept-encoding": "br" } });
        return res.headers["content-encoding"];
      })
      .toBe("br");
    expect(brotliDecompressSync(res.body).toString()).toBe(SOURCE);
    expect(res.headers.etag).toMatch(/-br"$/);
    await expect.poll(async () => (await s.request("/plain.js", { headers: { "accept-encoding": "gzip" } })).headers["content-encoding"]).toBe("gzip");
  });

  it("leaves tiny files, incompressible types and ranges alone", async () => {
    const s = await serve({ compress: true });
    for (let i = 0; i < 3; i++) {
      expect((await s.request("/tiny.txt", { headers: { "accept-encoding": "br" } })).headers["content-encoding"]).toBeUndefined();
      expect((await s.request("/photo.png", { headers: { "accept-encoding": "br" } })).headers["content-encoding"]).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await s.request("/plain.js", { headers: { "accept-encoding": "br" } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const range = await s.request("/plain.js", { headers: { "accept-encoding": "br", range: "bytes=0-5" } });
    expect(range.status).toBe(206);
    expect(range.headers["content-encoding"]).toBeUndefined();
    expect(range.text).toBe(SOURCE.slice(0, 6));
  });
});
