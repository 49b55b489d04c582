// Directory listings (option `listing`).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "../../src/static.js";
import { makeTree, listen, fallbackHandler } from "./helpers.js";

let tree, s;

beforeAll(async () => {
  tree = makeTree({
    "docs/b.txt": "bb",
    "docs/a b.txt": "a",
    "docs/Zeta/": "",
    "docs/alpha/x.txt": "x",
    "docs/.secret": "s",
    "docs/ünï.txt": "u",
    "withindex/index.html": "<p>index wins</p>",
    "withindex/other.txt": "o",
  });
  s = await listen(fallbackHandler(serveStatic(tree.root, { listing: true })));
});

afterAll(async () => {
  await s.close();
  tree.cleanup();
});

const json = async (path) => JSON.parse((await s.request(path, { headers: { accept: "application/json" } })).text);

describe("listing", () => {
  it("is off by default", async () => {
    const plain = await listen(fallbackHandler(serveStatic(tree.root)));
    try {
      expect((await plain.request("/docs/")).status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it("renders HTML with names, sizes and dates, directories first", async () => {
    const res = await s.request("/docs/");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["content-length"]).toBe(String(res.body.length));
    expect(res.headers.vary).toBe("Accept");
    expect(res.text).toContain("<title>Index of /docs/</title>");
    const links = [...res.text.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([
      ["../", "../"],
      ["Zeta/", "Zeta/"],
      ["alpha/", "alpha/"],
      ["a%20b.txt", "a b.txt"],
      ["b.txt", "b.txt"],
      ["%C3%BCn%C3%AF.txt", "ünï.txt"],
    ]);
    expect(res.text).toMatch(/b\.txt<\/a><\/td><td class="size">2<\/td><td>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d<\/td>/);
  });

  it("answers JSON to clients that prefer it", async () => {
    const res = await s.request("/docs/", { headers: { accept: "application/json" } });
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    const entries = JSON.parse(res.text);
    expect(entries.map((e) => [e.name, e.type])).toEqual([
      ["Zeta", "directory"],
      ["alpha", "directory"],
      ["a b.txt", "file"],
      ["b.txt", "file"],
      ["ünï.txt", "file"],
    ]);
    expect(entries[3].size).toBe(2);
    expect(Number.isNaN(Date.parse(entries[3].modified))).toBe(false);
  });

  it("links lead to the files they name", async () => {
    const res = await s.request("/docs/");
    for (const [, href] of res.text.matchAll(/href="([^"]+\.txt)"/g)) {
      expect((await s.request(`/docs/${href}`)).status, href).toBe(200);
    }
    expect((await s.request("/docs/alpha/")).text).toContain('href="x.txt"');
  });

  it("shows dotfiles only with dotfiles: allow", async () => {
    expect((await json("/docs/")).map((e) => e.name)).not.toContain(".secret");
    const allow = await listen(fallbackHandler(serveStatic(tree.root, { listing: true, dotfiles: "allow" })));
    try {
      const names = JSON.parse((await allow.request("/docs/", { headers: { accept: "application/json" } })).text).map((e) => e.name);
      expect(names).toContain(".secret");
    } finally {
      await allow.close();
    }
  });

  it("prefers an index file, redirects without the slash, and supports HEAD", async () => {
    expect((await s.request("/withindex/")).text).toBe("<p>index wins</p>");
    expect((await s.request("/docs")).headers.location).toBe("/docs/");
    const head = await s.request("/docs/", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
  });

  it("redirects a directory named with an encoded slash (/docs%2f) instead of listing it there", async () => {
    const res = await s.request("/docs%2f");
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/docs%2f/");
    const listing = await s.request(res.headers.location);
    expect(listing.status).toBe(200);
    // Relative links resolve against the slash form, so they lead to the files.
    const href = /href="(b\.txt)"/.exec(listing.text)[1];
    expect((await s.request(new URL(href, `http://x${res.headers.location}`).pathname)).text).toBe("bb");
  });

  it("lists 10,000 files quickly, with shared reads for concurrent requests", async () => {
    const big = join(tree.root, "big");
    mkdirSync(big);
    for (let i = 0; i < 10_000; i++) writeFileSync(join(big, `f${i}.txt`), "x");
    const started = performance.now();
    const all = await Promise.all(Array.from({ length: 5 }, () => s.request("/big/")));
    const firstMs = performance.now() - started;
    for (const res of all) expect(res.body.equals(all[0].body)).toBe(true);
    expect(all[0].text.match(/<tr><td><a /g).length).toBe(10_001);
    const again = performance.now();
    await s.request("/big/");
    expect(performance.now() - again).toBeLessThan(firstMs);
    expect((await json("/big/")).length).toBe(10_000);
  });
});
