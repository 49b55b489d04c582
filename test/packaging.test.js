// The README's install line for this project (a packed tarball; the npm registry's
// "lib-server" is an unrelated package) gives a project where both module systems load it; the
// same tarball installed under the name `express` (the Express 5 swap of docs/migrating.md's
// NestJS section) gives Express 5. (lib-server-express4, for Express 4 apps: test/express4/package.test.js.)
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const npm = (args, cwd) => execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

describe("installed from a packed tarball", () => {
  let project, filename;
  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), "lib-server-install-"));
    [{ filename }] = JSON.parse(npm(["pack", "--json", "--pack-destination", project], root));
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "user-app", private: true, type: "module" }));
    // Dependencies come from npm's cache, filled by this checkout's own install.
    const tarball = join(project, filename);
    npm(["install", "--prefer-offline", "--no-audit", "--no-fund", tarball, `express@file:${tarball}`], project);
  }, 120_000);
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it("leaves git nothing to track when packed in the checkout (the tarball is ignored)", () => {
    expect(execFileSync("git", ["check-ignore", "--no-index", filename], { cwd: root, encoding: "utf8" }).trim()).toBe(
      filename,
    );
  });

  it("ships its license, sources and types", () => {
    for (const file of [
      "LICENSE",
      "package.json",
      "src/index.js",
      "src/index.cjs",
      "dist/lib-server.cjs",
      "types/index.d.ts",
      "types/index.d.cts",
      // The Express 4 mode (lib-server/express4), which packages/express4 loads.
      "src/express4/index.js",
      "src/express4/index.cjs",
      "dist/express4.cjs",
      "types/express4.d.ts",
      "types/express4.d.cts",
    ]) {
      expect([file, existsSync(join(project, "node_modules/lib-server", file))]).toEqual([file, true]);
    }
  });

  it('serves a request through `import Server from "lib-server"` and through require()', () => {
    const app = `
      const app = new Server();
      app.get("/hi", (req, res) => res.json({ hi: typeof req.query }));
      const server = app.listen(0, "127.0.0.1", async () => {
        const res = await fetch("http://127.0.0.1:" + server.address().port + "/hi");
        console.log(res.status, await res.text());
        server.close();
      });`;
    writeFileSync(join(project, "esm.mjs"), `import Server from "lib-server";\n${app}`);
    writeFileSync(join(project, "cjs.cjs"), `const Server = require("lib-server");\n${app}`);
    for (const file of ["esm.mjs", "cjs.cjs"]) {
      expect(execFileSync(process.execPath, [file], { cwd: project, encoding: "utf8" }).trim()).toBe(
        '200 {"hi":"object"}',
      );
    }
  });

  it("gives Express 5 installed as express: one instance for import and require, no Express 4 leftovers", () => {
    writeFileSync(
      join(project, "express5.mjs"),
      `import express from "express";
      import { createRequire } from "node:module";
      const app = express();
      const same = createRequire(import.meta.url)("express") === express;
      console.log(JSON.stringify({ same, del: typeof app.del, queryParser: app.get("query parser") }));`,
    );
    expect(JSON.parse(execFileSync(process.execPath, ["express5.mjs"], { cwd: project, encoding: "utf8" }))).toEqual({
      same: true,
      del: "undefined",
      queryParser: "simple",
    });
  });
});
