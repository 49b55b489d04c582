// The in-memory cache: revalidation, bounds, and files changing under our feet.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import http from "node:http";
import { writeFileSync, truncateSync, unlinkSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { FileCache, FILE } from "../../src/static/file-cache.js";
import { ListingCache } from "../../src/static/listing-cache.js";
import { ByteLru } from "../../src/static/lru.js";
import { makeTree, staticServers } from "./helpers.js";

const BIG = 16 * 1024 * 1024;
let tree;
const { serve, closeAll } = staticServers(() => tree.root);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// A later mtime so the change shows even within one clock tick.
function rewrite(name, content) {
  const path = join(tree.root, name);
  writeFileSync(path, content);
  const later = new Date(Date.now() + 5000);
  utimesSync(path, later, later);
}

beforeAll(() => {
  tree = makeTree({ "v.txt": "one", "w.txt": "one", "x.txt": "one", "big.bin": Buffer.alloc(BIG, 1), "gone.bin": Buffer.alloc(BIG, 2) });
});

afterAll(async () => {
  await closeAll();
  tree.cleanup();
});

describe("revalidation", () => {
  it("revalidateAfter: 0 sees every change at once (one stat per request)", async () => {
    const s = await serve({ revalidateAfter: 0 });
    const first = await s.request("/v.txt");
    expect(first.text).toBe("one");
    rewrite("v.txt", "two!");
    const second = await s.request("/v.txt");
    expect(second.text).toBe("two!");
    expect(second.headers.etag).not.toBe(first.headers.etag);
    expect(second.headers["content-length"]).toBe("4");
  });

  it("trusts what it saw for revalidateAfter ms, then looks again", async () => {
    const s = await serve({ revalidateAfter: 150 });
    expect((await s.request("/w.txt")).text).toBe("one");
    expect((await s.request("/new.txt")).status).toBe(404);
    rewrite("w.txt", "three");
    writeFileSync(join(tree.root, "new.txt"), "new");
    expect((await s.request("/w.txt")).text).toBe("one"); // within the window: the cached copy
    await sleep(200);
    expect((await s.request("/w.txt")).text).toBe("three");
    expect((await s.request("/new.txt")).text).toBe("new");
  });

  it("cache: false reads the disk every time", async () => {
    const s = await serve({ cache: false });
    expect((await s.request("/x.txt")).text).toBe("one");
    rewrite("x.txt", "four");
    expect((await s.request("/x.txt")).text).toBe("four");
  });
});

describe("bounds", () => {
  it("keeps entries and bytes under their limits (LRU)", async () => {
    const files = {};
    for (let i = 0; i < 20; i++) files[`f${i}.txt`] = Buffer.alloc(3000, 65 + i);
    const local = makeTree(files);
    try {
      const cache = new FileCache({ maxEntries: 8, maxBytes: 10_000, revalidateAfter: 60_000 });
      for (let i = 0; i < 20; i++) {
        const entry = await cache.content(await cache.lookup(join(local.root, `f${i}.txt`), null));
        expect(entry.kind).toBe(FILE);
        expect(entry.buffer.equals(files[`f${i}.txt`])).toBe(true);
        expect(cache.bytes).toBeLessThanOrEqual(10_000);
        expect(cache.entries.size).toBeLessThanOrEqual(8);
      }
      // The most recent file is still cached, the first was evicted.
      expect(cache.peek(join(local.root, "f19.txt"))?.buffer).not.toBeNull();
      expect(cache.peek(join(local.root, "f0.txt"))).toBeUndefined();
    } finally {
      local.cleanup();
    }
  });

  it("counts keys and misses against the byte budget: 20,000 distinct 8 KB missing paths", async () => {
    const cache = new FileCache({ maxBytes: 1_000_000, revalidateAfter: 60_000 });
    const long = "m".repeat(8 * 1024);
    for (let i = 0; i < 20_000; i++) await cache.lookup(join(tree.root, `${i}${long}`), null);
    let held = 0;
    for (const key of cache.misses.keys()) held += key.length;
    expect(held).toBeGreaterThan(0); // misses are still cached, within the budget
    expect(held).toBeLessThanOrEqual(1_000_000);
    expect(cache.bytes).toBeGreaterThanOrEqual(held);
    expect(cache.bytes).toBeLessThanOrEqual(1_000_000);
  });

  it("keeps misses in a budget of their own (2 MB): a flood of them neither grows past it nor pushes files out", async () => {
    const cache = new FileCache({ revalidateAfter: 60_000 });
    const file = await cache.content(await cache.lookup(join(tree.root, "x.txt"), null));
    expect(file.buffer).not.toBeNull();
    const long = "m".repeat(8 * 1024);
    for (let i = 0; i < 2_000; i++) await cache.lookup(join(tree.root, `${i}${long}`), null);
    expect(cache.misses.bytes).toBeGreaterThan(1024 * 1024);
    expect(cache.misses.bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(cache.peek(join(tree.root, "x.txt"))).toBe(file);
  });

  it("holds no misses where nothing is trusted (revalidateAfter: 0, as res.sendFile's cache)", async () => {
    const cache = new FileCache({ revalidateAfter: 0 });
    for (let i = 0; i < 100; i++) await cache.lookup(join(tree.root, `missing-${i}`), null);
    expect(cache.misses.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it("the listing cache counts its keys too", async () => {
    const listings = new ListingCache({ maxBytes: 100_000 });
    const long = "k".repeat(8 * 1024);
    for (let i = 0; i < 1000; i++) await listings.get(`${i}${long}`, async () => Buffer.from("x"));
    let held = 0;
    for (const key of listings.items.keys()) held += key.length;
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(100_000);
  });

  it("streams files above cacheMaxFileSize instead of holding them", async () => {
    const s = await serve({ cacheMaxFileSize: 1024 });
    const res = await s.request("/big.bin");
    expect(res.body.length).toBe(BIG);
  });
});

describe("ByteLru, the LRU both caches use", () => {
  it("counts each entry's bytes plus its key (2 bytes a character) and drops the least recently used first", () => {
    const lru = new ByteLru({ maxBytes: 100 });
    expect(lru.set("a", 1, 30)).toBe(true); // 32
    expect(lru.set("b", 2, 30)).toBe(true); // 64
    lru.touch("a");
    expect(lru.set("c", 3, 30)).toBe(true); // 96
    expect(lru.bytes).toBe(96);
    expect(lru.set("d", 4, 10)).toBe(true); // over: "b", the least recently used, goes
    expect([...lru.keys()]).toEqual(["a", "c", "d"]);
    expect(lru.bytes).toBe(76);
    expect(lru.get("b")).toBeUndefined();
  });

  it("keeps no entry that alone is over budget, and replaces a key's old value", () => {
    const lru = new ByteLru({ maxBytes: 100 });
    expect(lru.set("big", "x", 95)).toBe(false); // 95 + 6 > 100
    lru.set("k", "old", 10);
    lru.set("k", "new", 20);
    expect(lru.get("k")).toBe("new");
    expect(lru.bytes).toBe(22);
    expect(lru.set("k", "huge", 200)).toBe(false);
    expect(lru.size).toBe(0);
    expect(lru.bytes).toBe(0);
  });

  it("charges what an entry grows by, and bounds the entry count", () => {
    const lru = new ByteLru({ maxBytes: 100, maxEntries: 2 });
    lru.set("a", 1, 10);
    lru.set("b", 2, 10);
    expect(lru.charge("a", 50)).toBe(true);
    expect(lru.charge("zz", 1)).toBe(false);
    expect(lru.bytes).toBe(74);
    lru.set("c", 3, 10);
    expect([...lru.keys()]).toEqual(["b", "c"]);
    expect(lru.charge("b", 90)).toBe(true); // over budget: the oldest ("b" itself) goes
    expect([...lru.keys()]).toEqual(["c"]);
    expect(lru.bytes).toBe(12);
    expect(new ByteLru({ maxBytes: 100, maxEntries: 0 }).set("a", 1, 1)).toBe(false);
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
