// The Express 4 mode reached without touching code (issue 36): packages/express4
// (lib-server-express4) installed under the name `express` from its tarball, with lib-server's
// tarball beside it and docs/migrating.md's `"overrides": { "express": "$express" }` line. Every
// require("express") and import "express" then gets one instance of the Express 4 mode: the
// app's own, a plugin that depends on express@4 itself (as node-red's nodes do) and a plugin
// that declares it a peer (as express-rate-limit does). (lib-server itself installed as
// `express`, the Express 5 swap: test/packaging.test.js.)
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const npm = (args, cwd) => execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
const manifest = (dir) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));

function writePackage(dir, files) {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

// The plugins, as the app's own dependencies, each loading `express` on its own.
const plugins = {
  // A node-red-style plugin: CommonJS, with express@4 among its own dependencies.
  "dep-plugin": {
    "package.json": JSON.stringify({ name: "dep-plugin", version: "1.0.0", dependencies: { express: "^4.17.1" } }),
    "index.js": `const express = require("express");
module.exports = { express, router() { const router = express.Router(); router.get("/plugin", (req, res) => res.json(req.query)); return router; } };`,
  },
  // An express-rate-limit-style plugin: an ES module, express a peer dependency.
  "peer-plugin": {
    "package.json": JSON.stringify({
      name: "peer-plugin",
      version: "1.0.0",
      type: "module",
      main: "index.js",
      peerDependencies: { express: "^4.11.0" },
    }),
    "index.js": `export { default } from "express";`,
  },
};

// Serves requests on an app of the installed `express`, with dep-plugin's router, and prints
// what tells the Express 4 mode (app.del, the "extended" query parser) and whether every way of
// loading express gives the same one; and what reaching into Express 4's internal files gives.
const check = `
import express from "express";
import peer from "peer-plugin";
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const plugin = require("dep-plugin");
const app = express();
app.get("/q", (req, res) => res.json(req.query));
app.del("/items/:id", (req, res) => res.json({ deleted: req.params.id }));
app.use(plugin.router());
const server = app.listen(0, "127.0.0.1", async () => {
  const base = "http://127.0.0.1:" + server.address().port;
  const query = await (await fetch(base + "/q?a[b]=1")).json();
  const deleted = await (await fetch(base + "/items/7", { method: "DELETE" })).json();
  const fromPlugin = await (await fetch(base + "/plugin?x[y]=2")).json();
  server.close();
  const same = {
    required: require("express") === express,
    depPlugin: plugin.express === express,
    peerPlugin: peer === express,
    express4Export: require("lib-server/express4") === express,
  };
  // What express-async-errors loads first.
  const internals = await import("express/lib/router/layer.js").then(() => "loaded", (error) => error.message);
  console.log(JSON.stringify({ query, deleted, fromPlugin, same, internals }));
});
`;

describe("lib-server-express4 installed as express", () => {
  let dir, app;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "lib-server-express4-"));
    app = join(dir, "app");
    // Packed into the app's folder and named relatively, as docs/migrating.md does it; without
    // `prepare`: `npm test` builds dist/ first, and two builds at once (packaging.test.js packs
    // with it) would rewrite files other tests load.
    const pack = (folder) => {
      const [{ filename }] = JSON.parse(npm(["pack", "--json", "--ignore-scripts", "--pack-destination", app], folder));
      return `file:${filename}`;
    };
    writePackage(app, { "check.mjs": check });
    const libServer = pack(root);
    const express4 = pack(join(root, "packages/express4"));
    const local = Object.fromEntries(
      Object.entries(plugins).map(([name, files]) => [name, `file:${writePackage(join(dir, name), files)}`]),
    );
    writePackage(app, {
      "package.json": JSON.stringify({
        name: "user-app",
        private: true,
        type: "module",
        dependencies: { "lib-server": libServer, express: express4, ...local },
        overrides: { express: "$express" },
      }),
    });
    // Offline when npm's cache has everything (lib-server's dependencies: this checkout's own
    // install filled it); --install-links: the plugins' folders are installed as copies, as
    // from the registry.
    npm(["install", "--prefer-offline", "--install-links", "--no-audit", "--no-fund"], app);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // The app's output, and its warnings (depd prints each deprecated call site once, dated when
  // stderr is no terminal).
  const run = () => {
    const { stdout, stderr } = spawnSync(process.execPath, ["check.mjs"], {
      cwd: app,
      encoding: "utf8",
      timeout: 10_000,
    });
    return { ...JSON.parse(stdout), warnings: stderr.match(/^.* deprecated .*$/gm) };
  };

  it("is versioned with lib-server and depends on that very version", () => {
    const { version } = manifest(root);
    const { version: own, dependencies } = manifest(join(root, "packages/express4"));
    expect({ own, dependencies }).toEqual({ own: version, dependencies: { "lib-server": version } });
  });

  it("gives the app, both plugins and lib-server/express4 one instance of the Express 4 mode", () => {
    expect(run()).toEqual({
      query: { a: { b: "1" } }, // Express 4's "extended" query parser
      deleted: { deleted: "7" },
      fromPlugin: { x: { y: "2" } },
      same: { required: true, depPlugin: true, peerPlugin: true, express4Export: true },
      internals: expect.stringContaining("express-async-errors is not needed"),
      warnings: [expect.stringMatching(/ express deprecated app\.del: Use app\.delete instead at .*check\.mjs:/)],
    });
  });

  it("leaves the plugins no copy of express of their own (the overrides line)", () => {
    const modules = join(app, "node_modules");
    expect(manifest(join(modules, "express")).name).toBe("lib-server-express4");
    expect(existsSync(join(modules, "dep-plugin/node_modules"))).toBe(false);
  });
});
