// lib-server under the CommonJS loaders Express loads under, which cannot require() an ES
// module and so load dist/lib-server.cjs (package.json's "require" export): Jest 29 and 30
// (default mode, babel-jest, ts-jest), and whole-server bundles by esbuild and webpack.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { execFile, fork } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const here = fileURLToPath(new URL(".", import.meta.url));
const tools = createRequire(join(here, "package.json"));

const bin = (name) => join(dirname(tools.resolve(`${name}/package.json`)), "bin/jest.js");
const jests = { "Jest 29": bin("jest29"), "Jest 30": bin("jest") };
// Each mode's Jest config, and how many tests its folder holds (jest-plain: lib-server/express4 too).
const modes = {
  default: [{ rootDir: join(here, "jest-plain") }, 2],
  "babel-jest": [{ rootDir: join(here, "jest-babel") }, 1],
  "ts-jest": [{ rootDir: join(here, "jest-ts"), transform: { "^.+\\.ts$": [tools.resolve("ts-jest"), {}] } }, 1],
};

// A directory of 1,100 files, for listings (app.js serves it when BIG_DIR names it).
const scratch = mkdtempSync(join(tmpdir(), "lib-server-loaders-"));
const bigDir = join(scratch, "big");
mkdirSync(bigDir);
for (let i = 0; i < 1100; i++) writeFileSync(join(bigDir, `file-${i}.txt`), "x");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const env = { ...process.env, BIG_DIR: bigDir };

function run(command, args, options) {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: 60_000, ...options }, (error, stdout, stderr) =>
      resolve({ code: error ? (error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

describe.each(Object.entries(jests))("%s", (name, jest) => {
  it.each(Object.entries(modes))(
    "runs a supertest suite of an app requiring lib-server (%s)",
    async (mode, [config, tests]) => {
      const { code, output } = await run(
        process.execPath,
        [jest, "--ci", "--runInBand", "--no-watchman", "--forceExit", "--config", JSON.stringify(config)],
        {
          cwd: config.rootDir,
          env,
        },
      );
      expect(output).toMatch(new RegExp(`Tests:\\s+${tests} passed, ${tests} total`));
      expect(code).toBe(0);
    },
  );
});

describe("a CommonJS server bundled whole", () => {
  let out;
  beforeAll(() => {
    // Run from elsewhere, with only its static files beside it: nothing left to resolve.
    out = join(scratch, "bundles");
    cpSync(join(here, "public"), join(out, "public"), { recursive: true });
  });

  async function serve(bundle) {
    const server = fork(bundle, { cwd: out, env, stdio: ["ignore", "pipe", "inherit", "ipc"] });
    try {
      const { port } = await new Promise((resolve, reject) => {
        server.stdout.once("data", (line) => resolve(JSON.parse(line)));
        server.once("exit", (code) => reject(new Error(`the bundle exited (${code})`)));
      });
      const base = `http://127.0.0.1:${port}`;
      const hello = await fetch(`${base}/api/hello/bundle`);
      const echo = await fetch(`${base}/api/echo`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"a":[1]}',
      });
      const file = await fetch(`${base}/static/hello.txt`);
      const fail = await fetch(`${base}/api/fail`);
      const listings = [];
      for (let i = 0; i < 2; i++) {
        listings.push((await (await fetch(`${base}/big/`, { headers: { accept: "application/json" } })).json()).length);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return {
        hello: [hello.status, await hello.json()],
        echo: [echo.status, await echo.json()],
        file: [file.status, await file.text()],
        fail: [fail.status, await fail.json()],
        listings,
        threads: await (await fetch(`${base}/threads`)).json(),
      };
    } finally {
      server.kill();
    }
  }
  const expected = {
    hello: [200, { hello: "bundle" }],
    echo: [201, { got: { a: [1] } }],
    file: [200, "hello from a static file\n"],
    fail: [500, { error: "boom" }],
    listings: [1100, 1100],
    threads: [{ online: true, error: null }],
  };

  it("by esbuild (--platform=node --format=cjs --bundle)", async () => {
    const { build } = await import("esbuild");
    const outfile = join(out, "esbuild.cjs");
    await build({
      entryPoints: [join(here, "bundle/server.js")],
      bundle: true,
      platform: "node",
      format: "cjs",
      outfile,
      logLevel: "error",
    });
    expect(await serve(outfile)).toEqual(expected);
  });

  it("by webpack (target node, production)", async () => {
    const webpack = tools("webpack");
    const stats = await new Promise((resolve, reject) =>
      webpack(
        {
          mode: "production",
          target: "node",
          entry: join(here, "bundle/server.js"),
          output: { path: out, filename: "webpack.cjs" },
        },
        (err, result) => (err ? reject(err) : resolve(result)),
      ),
    );
    // webpack takes the "module-sync" export (src/index.cjs, then the ES modules), so an app
    // that both imports and requires lib-server bundles one copy. Its only warnings are those
    // Express's own view.js gets too: template engines loaded by a name known at run time; and
    // the same for the monitoring adapters, which find a running tool's packages at run time
    // (require.cache, a require of a computed name), so that no SDK is bundled and a bundle
    // without one builds.
    const { errors, warnings } = stats.toJson({ all: false, errors: true, warnings: true });
    expect(errors).toEqual([]);
    expect(new Set(warnings.map((warning) => warning.moduleName.replace(/.*node_modules\//, "")))).toEqual(
      new Set([
        "lib-server/src/view.js",
        "lib-server/src/monitoring/index.js",
        "lib-server/src/monitoring/newrelic.js",
        "lib-server/src/monitoring/optional.js",
        "lib-server/src/monitoring/sentry-sdk.js",
      ]),
    );
    expect(await serve(join(out, "webpack.cjs"))).toEqual(expected);
  });
});
