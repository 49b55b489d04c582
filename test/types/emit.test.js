// What type-checks has to run: the CommonJS fixtures of test/types/commonjs and the
// TypeScript example service are compiled with the installed tsc and executed, so the
// declarations' module shapes (`export =`, default and named imports) and the example match
// the runtime. The type checks themselves run in `npm run test:types`.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const tsc = join(dirname(createRequire(import.meta.url).resolve("typescript/package.json")), "bin", "tsc");

// Inside the repository (.scratch/ is git-ignored), so "lib-server" resolves to this package.
let out;
beforeAll(() => {
  mkdirSync(join(root, ".scratch"), { recursive: true });
  out = mkdtempSync(join(root, ".scratch", "types-emit-"));
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

function compile(project, outDir) {
  execFileSync(process.execPath, [tsc, "-p", project, "--noEmit", "false", "--outDir", outDir], {
    cwd: root,
    encoding: "utf8",
  });
}

const node = (args, options = {}) =>
  execFileSync(process.execPath, args, { cwd: root, encoding: "utf8", timeout: 15_000, ...options });

describe("CommonJS consumers", () => {
  it("import express = require() and default imports in .cts files run (lib-server/express4 too)", () => {
    const dir = join(out, "cts");
    compile("test/types/commonjs/tsconfig.json", dir);
    node([join(dir, "require.cjs")]);
    node([join(dir, "default-import.cjs")]);
    // app.del warns (depd): not this test's subject.
    node([join(dir, "express4.cjs")], { env: { ...process.env, NO_DEPRECATION: "express" } });
  });

  it("ES import syntax compiled to CommonJS runs", () => {
    const dir = join(out, "commonjs");
    compile("test/types/commonjs/tsconfig.commonjs.json", dir);
    // Emitted as .js, which this "type": "module" package would load as ESM.
    renameSync(join(dir, "esm-syntax.js"), join(dir, "esm-syntax.cjs"));
    node([join(dir, "esm-syntax.cjs")]);
  });
});

describe("examples/typescript", () => {
  it("compiles and serves", () => {
    const dir = join(out, "example");
    compile("examples/typescript/tsconfig.json", dir);
    const script = `
      import { createApp } from ${JSON.stringify(pathToFileURL(join(dir, "app.js")).href)};
      const app = createApp();
      const server = app.listen(0, "127.0.0.1", async (err) => {
        if (err) throw err;
        const base = "http://127.0.0.1:" + server.address().port;
        const auth = { authorization: "Bearer secret-token", "content-type": "application/json" };
        const results = [];
        for (const [method, path, headers, body] of [
          ["GET", "/health"],
          ["GET", "/users/1"],
          ["GET", "/users/1", auth],
          ["POST", "/users", auth, JSON.stringify({ name: "Bob" })],
          ["POST", "/users", auth, "{}"],
          ["GET", "/nope"],
        ]) {
          const res = await fetch(base + path, { method, headers, body });
          const text = await res.text();
          results.push([method, path, res.status, res.headers.get("x-request-id") !== null, JSON.parse(text)]);
        }
        await app.close();
        console.log(JSON.stringify(results));
      });`;
    const results = JSON.parse(node(["--input-type=module", "-e", script]));
    const summary = results.map(([method, path, status, hasId, body]) => [
      method,
      path,
      status,
      hasId,
      body.error ?? body.name ?? body.ok,
    ]);
    expect(summary).toEqual([
      ["GET", "/health", 200, true, true],
      ["GET", "/users/1", 401, true, "a valid bearer token is required"],
      ["GET", "/users/1", 200, true, "Ada"],
      ["POST", "/users", 201, true, "Bob"],
      ["POST", "/users", 400, true, "name is required"],
      ["GET", "/nope", 404, true, "Cannot GET /nope"],
    ]);
  });
});
