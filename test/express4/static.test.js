// express.static of the Express 4 mode against Express 4's (serve-static 1.16, send 0.19),
// whole apps of both on the same tree: Content-Types from mime 1.x, the legacy dotfiles
// rule (no `dotfiles` option: only a path ending in a dotfile is ignored), `hidden`,
// redirects, fall-through, errors, setHeaders; and send's `hidden` deprecation.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import express4 from "express4";
import express from "../../src/express4/index.js";
import { compareSuite } from "../helpers/compare.js";
import { makeTree } from "../static/helpers.js";

const tree = makeTree({
  "a.js": "let a = 1;\n",
  "b.txt": "bee\n",
  "c.json": '{"c":1}',
  "d.css": "p{}",
  "e.png": Buffer.from([0x89, 0x50, 0x4e, 0x47]),
  "f.unknownext": "?",
  noext: "plain",
  html: "<p>a file named html</p>",
  ".hidden": "secret",
  ".dir/file.txt": "in a dot directory",
  ".dir/.inner": "dotfile in a dot directory",
  "dir/index.html": "<p>index</p>",
  "dir/.env": "KEY=1",
  "empty/": null,
});
afterAll(() => tree.cleanup());

const MOUNTS = {
  "/s": undefined,
  "/ignore": { dotfiles: "ignore" },
  "/allow": { dotfiles: "allow" },
  "/deny": { dotfiles: "deny" },
  "/hidden": { hidden: true },
  "/visible": { hidden: false },
  "/hidden-deny": { hidden: true, dotfiles: "deny" },
  "/strict": { fallthrough: false },
  "/noredirect": { redirect: false },
  "/noindex": { index: false },
  "/ext": { extensions: ["txt", "html"] },
  "/headers": { setHeaders: (res, path) => res.setHeader("x-file", basename(path)) },
  "/cache": { maxAge: "1d", immutable: true, etag: false, lastModified: false },
};

const requests = [
  ...["a.js", "b.txt", "c.json", "d.css", "e.png", "f.unknownext", "noext", "html"].map((name) => `/s/${name}`),
  // no dotfiles option: only the last segment counts
  "/s/.hidden",
  "/s/.dir/file.txt",
  "/s/.dir/.inner",
  "/s/dir/.env",
  "/s/.dir/",
  "/s/%2edir/file.txt",
  ...["/ignore", "/allow", "/deny", "/hidden", "/visible", "/hidden-deny"].flatMap((mount) => [
    `${mount}/.hidden`,
    `${mount}/.dir/file.txt`,
    `${mount}/dir/.env`,
  ]),
  // directories, redirects, misses, errors
  "/s/dir",
  "/s/dir?x=1",
  "/s/dir/",
  "/s/empty/",
  "/s",
  "/noredirect/dir",
  "/noindex/dir/",
  "/s/missing.txt",
  "/strict/missing.txt",
  "/strict/.hidden",
  "/strict/dir",
  "/s/%E0%A4%A",
  "/strict/%E0%A4%A",
  "/s/../a.js",
  "/strict/%2e%2e/a.js",
  { method: "POST", path: "/s/b.txt" },
  { method: "POST", path: "/strict/b.txt" },
  { method: "HEAD", path: "/s/b.txt" },
  "/ext/b",
  "/ext/dir",
  "/headers/b.txt",
  "/cache/b.txt",
  { path: "/s/b.txt", headers: { range: "bytes=1-2" } },
  { path: "/s/b.txt", headers: { range: "bytes=9-" } },
  // send 0.19 reads them with fresh 0.5 and range-parser 1.2
  { path: "/s/b.txt", headers: { range: "bytes=abc" } },
  { path: "/s/b.txt", headers: { range: "bytes=1-2,x" } },
  { path: "/s/b.txt", headers: { "if-none-match": "*" } },
  { path: "/s/b.txt", headers: { "if-none-match": "*", "if-modified-since": "Wed, 01 Jan 2020 00:00:00 GMT" } },
];

compareSuite(
  "express.static on whole apps",
  (app, factory) => {
    for (const [mount, options] of Object.entries(MOUNTS)) app.use(mount, factory.static(tree.root, options));
    app.use((req, res) => res.status(404).send("fell through"));
    app.use((err, req, res, next) => res.status(err.status ?? 500).send(`error ${err.status} ${err.code ?? ""}`));
  },
  requests,
  { reference: express4, subject: express, extraHeaders: ["x-file"] },
);

describe("options and API", () => {
  test("the same errors for bad arguments", () => {
    const outcome = (factory, ...args) => {
      try {
        return typeof factory.static(...args);
      } catch (error) {
        return `${error.constructor.name}: ${error.message}`;
      }
    };
    for (const args of [[], [42], [tree.root, { setHeaders: "no" }], [tree.root, null]]) {
      expect(outcome(express, ...args)).toBe(outcome(express4, ...args));
    }
    // Deliberate: a bad `dotfiles` throws here, where Express 4's send throws on every request.
    expect(outcome(express4, tree.root, { dotfiles: "maybe" })).toBe("function");
    expect(outcome(express, tree.root, { dotfiles: "maybe" })).toMatch(/^TypeError: dotfiles option must be/);
  });

  test("express.static.mime is a mime 1.x object", () => {
    expect(express.static.name).toBe("serveStatic");
    expect(express.static.mime.lookup("x.txt")).toBe(express4.static.mime.lookup("x.txt"));
    expect(express.static.mime.charsets.lookup("text/css")).toBe("UTF-8");
  });
});

describe("send's deprecation of `hidden`", () => {
  let dir;
  beforeAll(() => {
    dir = makeTree({
      "snippet.cjs": `const http = require("node:http");
const express = require(process.argv[2]);
const app = express();
app.use("/v", express.static(__dirname, { hidden: false, dotfiles: "allow" }));
app.use(express.static(__dirname, { hidden: true }));
const server = app.listen(0, "127.0.0.1", () => {
  const { port } = server.address();
  http.get({ port, host: "127.0.0.1", path: "/snippet.cjs" }, (res) => {
    res.resume();
    http.get({ port, host: "127.0.0.1", path: "/v/snippet.cjs" }, (res) => {
      res.resume();
      server.close();
    });
  });
});
`,
    });
  });
  afterAll(() => dir.cleanup());

  // depd's messages (what comes before " at " and the call site, and after the date)
  const warnings = (factoryPath) => {
    const env = { ...process.env, NO_DEPRECATION: "" };
    const { stderr } = spawnSync(process.execPath, [join(dir.root, "snippet.cjs"), factoryPath], {
      env,
      encoding: "utf8",
      timeout: 10_000,
    });
    return stderr
      .split("\n")
      .filter(Boolean)
      .map((line) => line.replace(/^.*? GMT /, "").replace(/ at .*$/, ""));
  };

  test("the same warnings", () => {
    const expected = warnings(createRequire(import.meta.url).resolve("express4"));
    // one warning, on the first request: send warns from one call site
    expect(expected).toEqual(["send deprecated hidden: use dotfiles: 'allow' instead"]);
    expect(warnings(fileURLToPath(new URL("../../src/express4/index.cjs", import.meta.url)))).toEqual(expected);
  });
});
