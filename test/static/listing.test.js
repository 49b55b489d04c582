// Directory listings (option `listing`, src/static/listing.js): HTML and JSON, order and
// sorting, links and breadcrumbs, escaping (a directory of 10,000 files: listing-scale.test.js,
// in npm run test:scale). How entries are read:
// directory-entries.test.js; how listings are kept: listing-cache.test.js.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { utimesSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "../../src/static/index.js";
import { humanSize } from "../../src/static/listing.js";
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
    "sorted/file-10.txt": "x".repeat(100),
    "sorted/file-2.txt": "x".repeat(3000),
    "sorted/file-1.txt": "x",
    "sorted/File-3.txt": "x".repeat(10),
    "sorted/dir-10/": "",
    "sorted/dir-9/": "",
    "deep/a b/c%d/leaf.txt": "leaf",
    "xss/javascript:alert(1)": "j",
    'xss/"><img src=x onerror=alert(1)>/inside.txt': "i",
  });
  // Dates in the reverse of the name order: file-10 oldest, file-1 newest.
  ["file-10.txt", "File-3.txt", "file-2.txt", "file-1.txt"].forEach((name, i) => {
    const date = new Date(Date.UTC(2020, 0, 1 + i));
    utimesSync(join(tree.root, "sorted", name), date, date);
  });
  s = await listen(fallbackHandler(serveStatic(tree.root, { listing: true })));
});

afterAll(async () => {
  await s.close();
  tree.cleanup();
});

const json = async (path) => JSON.parse((await s.request(path, { headers: { accept: "application/json" } })).text);
// [href, text] of the table's links (not the breadcrumbs' or the headers').
const rows = (html) =>
  [...html.slice(html.indexOf("<tbody>")).matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);

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
    expect(rows(res.text)).toEqual([
      ["../", "../"],
      ["alpha/", "alpha/"],
      ["Zeta/", "Zeta/"],
      ["a%20b.txt", "a b.txt"],
      ["b.txt", "b.txt"],
      ["%C3%BCn%C3%AF.txt", "ünï.txt"],
    ]);
    expect(res.text).toMatch(/b\.txt<\/a><\/td><td class="size">2 B<\/td><td>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d<\/td>/);
  });

  it("answers JSON to clients that prefer it", async () => {
    const res = await s.request("/docs/", { headers: { accept: "application/json" } });
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    const entries = JSON.parse(res.text);
    expect(entries.map((e) => [e.name, e.type])).toEqual([
      ["alpha", "directory"],
      ["Zeta", "directory"],
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
      const names = JSON.parse((await allow.request("/docs/", { headers: { accept: "application/json" } })).text).map(
        (e) => e.name,
      );
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

  it("orders naturally, directories first: file-2 before file-10, case aside", async () => {
    expect(rows((await s.request("/sorted/")).text)).toEqual([
      ["../", "../"],
      ["dir-9/", "dir-9/"],
      ["dir-10/", "dir-10/"],
      ["file-1.txt", "file-1.txt"],
      ["file-2.txt", "file-2.txt"],
      ["File-3.txt", "File-3.txt"],
      ["file-10.txt", "file-10.txt"],
    ]);
  });

  it("sorts by the column headers' links, no script needed: ?sort=name|size|mtime&order=asc|desc", async () => {
    const page = (await s.request("/sorted/")).text;
    expect(page).toContain('<th aria-sort="ascending"><a href="?sort=name&amp;order=desc">Name</a> ▲</th>');
    expect(page).toContain('<th><a href="?sort=size&amp;order=asc">Size</a></th>');
    expect(page).toContain('<th><a href="?sort=mtime&amp;order=asc">Modified</a></th>');
    expect(page).not.toContain("<script");
    const names = async (query) => rows((await s.request(`/sorted/${query}`)).text).map(([, text]) => text);
    expect(await names("?sort=name&order=desc")).toEqual([
      "../",
      "dir-10/",
      "dir-9/",
      "file-10.txt",
      "File-3.txt",
      "file-2.txt",
      "file-1.txt",
    ]);
    expect((await names("?sort=size&order=desc")).slice(3)).toEqual([
      "file-2.txt",
      "file-10.txt",
      "File-3.txt",
      "file-1.txt",
    ]);
    expect((await names("?sort=size&order=asc")).slice(3)).toEqual([
      "file-1.txt",
      "File-3.txt",
      "file-10.txt",
      "file-2.txt",
    ]);
    expect((await names("?sort=mtime&order=asc")).slice(3)).toEqual([
      "file-10.txt",
      "File-3.txt",
      "file-2.txt",
      "file-1.txt",
    ]);
    const sizeDesc = (await s.request("/sorted/?sort=size&order=desc")).text;
    expect(sizeDesc).toContain('<th aria-sort="descending"><a href="?sort=size&amp;order=asc">Size</a> ▼</th>');
    // JSON follows the same order (directories first; files newest first here).
    const byDate = (await json("/sorted/?sort=mtime&order=desc")).map((e) => e.name);
    expect(byDate.slice(2)).toEqual(["file-1.txt", "file-2.txt", "File-3.txt", "file-10.txt"]);
  });

  it("ignores unknown sort values, and never echoes them", async () => {
    const plain = (await s.request("/sorted/")).text;
    for (const query of ["?sort=%3Cscript%3E&order=sideways", "?sort=__proto__", "?order=", "?sort=size%00", "?sort"]) {
      const res = await s.request(`/sorted/${query}`);
      expect(res.status, query).toBe(200);
      expect(res.text, query).toBe(plain);
    }
  });

  it("shows breadcrumbs: every segment a link, relative to the listing", async () => {
    const listing = "/deep/a%20b/c%25d/";
    const res = await s.request(listing);
    expect(res.status).toBe(200);
    const h1 = /<h1>(.*)<\/h1>/.exec(res.text)[1];
    const crumbs = [...h1.matchAll(/<a href="([^"]+)">([^<]*)<\/a>/g)].map((m) => [
      new URL(m[1], `http://x${listing}`).pathname,
      m[2],
    ]);
    expect(crumbs).toEqual([
      ["/", "/"],
      ["/deep/", "deep"],
      ["/deep/a%20b/", "a b"],
      ["/deep/a%20b/c%25d/", "c%d"],
    ]);
    for (const [path] of crumbs) expect((await s.request(path)).status, path).toBe(200);
  });

  it("keeps breadcrumbs and links right below a mount point", async () => {
    const mw = serveStatic(tree.root, { listing: true });
    const mounted = await listen((req, res) => {
      req.originalUrl = req.url;
      req.url = req.url.slice("/files".length) || "/";
      fallbackHandler(mw)(req, res);
    });
    try {
      const res = await mounted.request("/files/deep/");
      const h1 = /<h1>(.*)<\/h1>/.exec(res.text)[1];
      const crumbs = [...h1.matchAll(/href="([^"]+)"/g)].map((m) => new URL(m[1], "http://x/files/deep/").pathname);
      expect(crumbs).toEqual(["/", "/files/", "/files/deep/"]);
      expect(rows(res.text)).toEqual([
        ["../", "../"],
        ["a%20b/", "a b/"],
      ]);
    } finally {
      await mounted.close();
    }
  });

  it("has a parent link everywhere but at the top", async () => {
    expect(rows((await s.request("/deep/a%20b/")).text)[0]).toEqual(["../", "../"]);
    const top = await listen(fallbackHandler(serveStatic(join(tree.root, "sorted"), { listing: true })));
    try {
      expect(rows((await top.request("/")).text).map(([href]) => href)).not.toContain("../");
    } finally {
      await top.close();
    }
  });

  it("shows human-readable sizes", async () => {
    expect([0, 1, 1023, 1024, 1536, 10 * 1024, 1024 * 1024 - 1, 5.25 * 1024 * 1024, 2 ** 40].map(humanSize)).toEqual([
      "0 B",
      "1 B",
      "1023 B",
      "1 KB",
      "1.5 KB",
      "10 KB",
      "1 MB",
      "5.3 MB",
      "1 TB",
    ]);
    expect((await s.request("/sorted/")).text).toContain('file-2.txt</a></td><td class="size">2.9 KB</td>');
  });

  it("escapes names in text and breadcrumbs, and encodes them in links", async () => {
    const res = await s.request("/xss/");
    expect(res.text).not.toMatch(/<img|href="javascript:/i);
    expect(rows(res.text)).toContainEqual([
      "%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E/",
      "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;/",
    ]);
    expect(rows(res.text)).toContainEqual(["javascript%3Aalert(1)", "javascript:alert(1)"]);
    const inner = await s.request("/xss/%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E/");
    expect(inner.status).toBe(200);
    expect(inner.text).not.toMatch(/<img/i);
    expect(inner.text).toContain("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</a>/");
  });
});
