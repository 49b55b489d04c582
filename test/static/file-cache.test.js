// The file cache (src/static/file-cache.js): what a lookup keeps of the disk and for how
// long it is trusted, its bounds, and the checks that keep what it opens inside the root.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { execFileSync } from "node:child_process";
import {
  mkdirSync,
  realpathSync,
  renameSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { FileCache, FILE, DIRECTORY, MISSING, isInside, openEntry, realRootOf } from "../../src/static/file-cache.js";
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
  tree = makeTree({
    "v.txt": "one",
    "w.txt": "one",
    "x.txt": "one",
    "big.bin": Buffer.alloc(BIG, 1),
    "a.txt": "alpha",
    "tiny.txt": "1234",
    "c.txt": "same",
    "dir/": "",
    "secret.txt": "SECRET",
    "public/a.txt": "inside",
    "public/swap.txt": "swap",
    "public/other.txt": "other",
    "public/turns-link.txt": "file",
    "public/alias.txt": { symlink: "a.txt" },
    "public/leak.txt": { symlink: "../secret.txt" },
  });
  execFileSync("mkfifo", [join(tree.root, "pipe")]);
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
  }, 120_000); // 20,000 lookups: on a loaded machine well past the default 20 s

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

  it("streams files above cacheMaxFileSize instead of holding them", async () => {
    const s = await serve({ cacheMaxFileSize: 1024 });
    const res = await s.request("/big.bin");
    expect(res.body.length).toBe(BIG);
  });
});

describe("lookup", () => {
  it("keeps a file's validators and type, a directory's kind, and what a miss's error said", async () => {
    const cache = new FileCache({ revalidateAfter: 60_000 });
    const path = join(tree.root, "a.txt");
    const stat = statSync(path);
    const file = await cache.lookup(path, null);
    expect(file.kind).toBe(FILE);
    expect(file.etag).toBe(`W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`);
    expect(file.strongEtag).toBe(`"${stat.size.toString(16)}-${Math.round(stat.mtimeMs * 1000).toString(16)}"`);
    expect(file.lastModified).toBe(stat.mtime.toUTCString());
    expect(file.type).toBe("text/plain; charset=utf-8");
    expect(cache.peek(path)).toBe(file);
    expect((await cache.lookup(join(tree.root, "dir"), null)).kind).toBe(DIRECTORY);
    const miss = await cache.lookup(join(tree.root, "nope.txt"), null);
    expect([miss.kind, miss.code, miss.syscall, typeof miss.errno]).toEqual([MISSING, "ENOENT", "stat", "number"]);
  });

  it("counts a FIFO as missing (a reader would block on it)", async () => {
    const entry = await new FileCache().lookup(join(tree.root, "pipe"), null);
    expect([entry.kind, entry.code, entry.syscall]).toEqual([MISSING, "ENOENT", "stat"]);
  });

  it("with a real root, keeps the real path of what is inside and counts what leads out as missing", async () => {
    const realRoot = realpathSync(join(tree.root, "public"));
    const checked = new FileCache();
    const inside = await checked.lookup(join(tree.root, "public", "alias.txt"), realRoot);
    expect([inside.kind, inside.target]).toEqual([FILE, join(realRoot, "a.txt")]);
    const leak = await checked.lookup(join(tree.root, "public", "leak.txt"), realRoot);
    expect([leak.kind, leak.code, leak.target]).toEqual([MISSING, "ENOENT", null]);
    // Without one (followSymlinks, sendFile without root), links lead anywhere.
    const unchecked = await new FileCache().lookup(join(tree.root, "public", "leak.txt"), null);
    expect([unchecked.kind, unchecked.target, unchecked.stat.size]).toEqual([FILE, null, 6]);
  });

  it("keeps the entry of an unchanged file, bytes included; a changed file gets a new one", async () => {
    const cache = new FileCache({ revalidateAfter: 0 });
    const path = join(tree.root, "c.txt");
    const first = await cache.content(await cache.lookup(path, null));
    expect(first.buffer.toString()).toBe("same");
    expect(cache.peek(path)).toBeUndefined(); // revalidateAfter 0: never trusted without a stat
    expect(await cache.lookup(path, null)).toBe(first);
    rewrite("c.txt", "changed");
    const second = await cache.lookup(path, null);
    expect(second).not.toBe(first);
    expect(second.buffer).toBeNull();
    expect((await cache.content(second)).buffer.toString()).toBe("changed");
  });

  it("reads a small file once for concurrent requests, and leaves bigger ones on disk", async () => {
    const cache = new FileCache({ maxFileSize: 4, revalidateAfter: 60_000 });
    const small = await cache.lookup(join(tree.root, "tiny.txt"), null);
    const [one, two] = await Promise.all([cache.content(small), cache.content(small)]);
    expect(one).toBe(two);
    expect(one.buffer.toString()).toBe("1234");
    const big = await cache.lookup(join(tree.root, "a.txt"), null);
    expect(await cache.content(big)).toBe(big);
    expect(big.buffer).toBeNull();
    expect([cache.fits(4), cache.fits(5)]).toEqual([true, false]);
  });

  it("forgets an entry, and counts bytes derived from one only while it is cached", async () => {
    const cache = new FileCache({ revalidateAfter: 60_000 });
    const path = join(tree.root, "a.txt");
    const entry = await cache.lookup(path, null);
    const before = cache.bytes;
    expect(cache.account(entry, 100)).toBe(true);
    expect(cache.bytes).toBe(before + 100);
    cache.forget(entry);
    expect(cache.peek(path)).toBeUndefined();
    expect(cache.account(entry, 100)).toBe(false);
  });
});

describe("openEntry", () => {
  it("opens a checked file only while it is the file looked up", async () => {
    const realRoot = realpathSync(join(tree.root, "public"));
    const path = join(tree.root, "public", "swap.txt");
    const entry = await new FileCache().lookup(path, realRoot);
    const { file, stat } = await openEntry(entry);
    await file.close();
    expect(stat.size).toBe(4);
    renameSync(join(tree.root, "public", "other.txt"), path); // another file, another inode
    await expect(openEntry(entry)).rejects.toMatchObject({
      code: "ENOENT",
      syscall: "open",
      path,
      status: 404,
      expose: false,
    });
  });

  it("refuses a checked file that became a symlink, and follows it for an unchecked one (as send)", async () => {
    const path = join(tree.root, "public", "turns-link.txt");
    const checked = await new FileCache().lookup(path, realpathSync(join(tree.root, "public")));
    const unchecked = await new FileCache().lookup(path, null);
    unlinkSync(path);
    symlinkSync("../secret.txt", path);
    await expect(openEntry(checked)).rejects.toMatchObject({ code: "ENOENT", status: 404 });
    const { file } = await openEntry(unchecked);
    try {
      expect((await file.readFile()).toString()).toBe("SECRET");
    } finally {
      await file.close();
    }
  });
});

describe("isInside and realRootOf", () => {
  it("isInside compares whole path segments", () => {
    expect([
      isInside("/srv/a", "/srv"),
      isInside("/srv", "/srv"),
      isInside("/srvx/a", "/srv"),
      isInside("/srv/a", "/srv/"),
      isInside("/a", "/"),
    ]).toEqual([true, true, false, true, true]);
  });

  it("realRootOf gives a root's real path, or the fs error without keeping it", async () => {
    symlinkSync("public", join(tree.root, "root-link"));
    expect(await realRootOf(join(tree.root, "root-link"))).toBe(realpathSync(join(tree.root, "public")));
    const later = join(tree.root, "later");
    expect(await realRootOf(later)).toMatchObject({ code: "ENOENT", syscall: "realpath" });
    mkdirSync(later);
    expect(await realRootOf(later)).toBe(realpathSync(later));
  });
});
