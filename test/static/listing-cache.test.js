// Rendered directory listings (src/static/listing-cache.js): trusted for revalidateAfter ms,
// one build shared by concurrent requests, bounded in bytes, keys included.
import { describe, it, expect, afterEach, vi } from "vitest";
import { ListingCache } from "../../src/static/listing-cache.js";

// A build that counts its calls and resolves (or fails) when told to.
function counted() {
  const build = () => {
    build.calls++;
    return new Promise((resolve, reject) => build.pending.push({ resolve, reject }));
  };
  build.calls = 0;
  build.pending = [];
  build.finish = (body) => build.pending.shift().resolve(Buffer.from(body));
  build.fail = (err) => build.pending.shift().reject(err);
  return build;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("ListingCache", () => {
  it("gives concurrent requests one build", async () => {
    const cache = new ListingCache();
    const build = counted();
    const both = Promise.all([cache.get("k", build), cache.get("k", build)]);
    build.finish("listing");
    const [one, two] = await both;
    expect(build.calls).toBe(1);
    expect(one).toBe(two);
    expect(one.toString()).toBe("listing");
  });

  it("trusts a listing for revalidateAfter ms, then builds it again", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const cache = new ListingCache({ revalidateAfter: 1000 });
    const build = counted();
    const first = cache.get("k", build);
    build.finish("v1");
    await first;
    vi.advanceTimersByTime(999);
    expect((await cache.get("k", build)).toString()).toBe("v1");
    vi.advanceTimersByTime(1);
    const second = cache.get("k", build);
    build.finish("v2");
    expect((await second).toString()).toBe("v2");
    expect(build.calls).toBe(2);
  });

  it("keeps nothing with revalidateAfter: 0", async () => {
    const cache = new ListingCache({ revalidateAfter: 0 });
    const build = counted();
    for (const body of ["a", "b"]) {
      const pending = cache.get("k", build);
      build.finish(body);
      expect((await pending).toString()).toBe(body);
    }
    expect([build.calls, cache.items.size]).toEqual([2, 0]);
  });

  it("keeps no failed build: every waiting request gets the error, the next one builds again", async () => {
    const cache = new ListingCache();
    const build = counted();
    const both = Promise.allSettled([cache.get("k", build), cache.get("k", build)]);
    build.fail(new Error("EACCES"));
    expect((await both).map((result) => result.reason?.message)).toEqual(["EACCES", "EACCES"]);
    const again = cache.get("k", build);
    build.finish("ok");
    expect((await again).toString()).toBe("ok");
    expect(build.calls).toBe(2);
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
});
