// On-the-fly compression of small cached files (src/static/compress.js, option `compress`):
// the first request starts it, later ones get the copy when it is worth keeping.
import { describe, it, expect, beforeAll, afterAll, vi } from "vitest";
import { IncomingMessage, ServerResponse } from "node:http";
import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { compressedCopy } from "../../src/static/compress.js";
import { makeTree, staticServers } from "./helpers.js";

const SOURCE = "export const greeting = 'hello';\n".repeat(200);
let tree;
const { serve, closeAll } = staticServers(() => tree.root);

beforeAll(() => {
  tree = makeTree({ "plain.js": SOURCE, "tiny.txt": "small", "photo.png": Buffer.alloc(5000, 1) });
});

afterAll(async () => {
  await closeAll();
  tree.cleanup();
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
    await expect
      .poll(
        async () =>
          (await s.request("/plain.js", { headers: { "accept-encoding": "gzip" } })).headers["content-encoding"],
      )
      .toBe("gzip");
  });

  it("leaves tiny files, incompressible types and ranges alone", async () => {
    const s = await serve({ compress: true });
    for (let i = 0; i < 3; i++) {
      expect(
        (await s.request("/tiny.txt", { headers: { "accept-encoding": "br" } })).headers["content-encoding"],
      ).toBeUndefined();
      expect(
        (await s.request("/photo.png", { headers: { "accept-encoding": "br" } })).headers["content-encoding"],
      ).toBeUndefined();
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

describe("compressedCopy", () => {
  // A cache entry of `buffer`, the cache it counts against, and a response to set Vary on.
  const setup = (buffer, type = "text/javascript; charset=utf-8", kept = true) => ({
    entry: { buffer, type, encoded: null },
    cache: { account: vi.fn(() => kept) },
    res: new ServerResponse(new IncomingMessage(null)),
  });
  const copyOf = ({ res, entry, cache }, accepted) =>
    compressedCopy(res, accepted === undefined ? {} : { "accept-encoding": accepted }, entry, cache);

  it("starts compressing on the first request and serves the copy once made, brotli first", async () => {
    const file = setup(Buffer.from(SOURCE));
    expect(copyOf(file, "gzip, br")).toBeNull();
    expect(file.res.getHeader("Vary")).toBe("Accept-Encoding");
    await vi.waitFor(() => expect(file.entry.encoded.br).toBeTruthy());
    const br = copyOf(file, "gzip, br");
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.buffer).toString()).toBe(SOURCE);
    expect(file.cache.account).toHaveBeenCalledWith(file.entry, br.buffer.length);
    expect(copyOf(file, "gzip")).toBeNull(); // gzip's turn to start
    await vi.waitFor(() => expect(file.entry.encoded.gzip).toBeTruthy());
    expect(gunzipSync(copyOf(file, "gzip").buffer).toString()).toBe(SOURCE);
  });

  it("leaves files under 1 KB and types that do not compress alone, without Vary", () => {
    for (const file of [setup(Buffer.from("x".repeat(1023))), setup(Buffer.from(SOURCE), "image/png")]) {
      expect(copyOf(file, "br")).toBeNull();
      expect(file.entry.encoded).toBeNull();
      expect(file.res.getHeader("Vary")).toBeUndefined();
    }
  });

  it("varies on Accept-Encoding even when the request accepts no encoding", () => {
    for (const accepted of [undefined, "identity", "br;q=0, gzip;q=0"]) {
      const file = setup(Buffer.from(SOURCE));
      expect(copyOf(file, accepted)).toBeNull();
      expect(file.res.getHeader("Vary")).toBe("Accept-Encoding");
      expect(file.entry.encoded).toBeNull();
    }
  });

  it("keeps no copy that saves less than 10%, nor one the cache has no room for", async () => {
    const random = setup(randomBytes(4096));
    const refused = setup(Buffer.from(SOURCE), undefined, false);
    copyOf(random, "gzip");
    copyOf(refused, "gzip");
    await vi.waitFor(() => expect(refused.cache.account).toHaveBeenCalled());
    // Random bytes grow under gzip: nothing kept, the cache not asked (by the time gzip of
    // 4 KB, started first, has long finished).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([random.entry.encoded.gzip, random.cache.account.mock.calls.length]).toEqual([null, 0]);
    expect(refused.entry.encoded.gzip).toBeNull();
    expect([copyOf(random, "gzip"), copyOf(refused, "gzip")]).toEqual([null, null]);
  });
});
