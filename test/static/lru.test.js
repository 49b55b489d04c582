// ByteLru (src/static/lru.js), the LRU both the file cache and the listing cache keep their
// entries in: a byte budget that counts keys too, and an entry count.
import { describe, it, expect } from "vitest";
import { ByteLru } from "../../src/static/lru.js";

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

describe("uses", () => {
  it("get() reads without counting a use; touch() makes the entry the most recently used", () => {
    const lru = new ByteLru({ maxBytes: 100 });
    lru.set("a", 1, 30);
    lru.set("b", 2, 30);
    expect(lru.get("a")).toBe(1);
    lru.set("c", 3, 30); // 96 bytes
    lru.set("d", 4, 10); // over: "a", read but not used, goes first
    expect([...lru.keys()]).toEqual(["b", "c", "d"]);
    lru.touch("b");
    lru.touch("d"); // already the newest: stays where it is
    lru.touch("nope");
    expect([...lru.keys()]).toEqual(["c", "b", "d"]);
  });

  it("delete() gives back an entry's bytes and says whether there was one", () => {
    const lru = new ByteLru({ maxBytes: 100 });
    lru.set("a", 1, 10);
    lru.set("bb", 2, 20);
    expect(lru.delete("a")).toBe(true);
    expect(lru.delete("a")).toBe(false);
    expect([lru.size, lru.bytes]).toEqual([1, 24]);
    expect(lru.get("a")).toBeUndefined();
  });
});
