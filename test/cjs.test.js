// `require("lib-server")` from CommonJS: the package's "require" export must hand back the
// Server factory itself, like require("express") does; on a Node that can require() ES
// modules, the very instance `import` gives ("module-sync": src/index.cjs), elsewhere the
// CommonJS build (dist/lib-server.cjs). Jest and bundlers: test/loaders/.
import { describe, it, expect } from "vitest";
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(fileURLToPath(new URL("..", import.meta.url)));

// Runs CommonJS code in a fresh node and resolves to its parsed JSON output.
function runCommonJs(source, nodeOptions = []) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...nodeOptions, "--input-type=commonjs", "-e", source],
      { cwd: root, timeout: 15000 },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`${err.message}\n${stderr}`));
        resolve(JSON.parse(stdout));
      },
    );
  });
}

describe("require() from CommonJS", () => {
  it("returns the Server function with its statics", async () => {
    const result = await runCommonJs(`
      const S = require("lib-server");
      console.log(JSON.stringify({
        type: typeof S,
        byPath: typeof require(${JSON.stringify(root)}),
        router: typeof S.Router,
        route: typeof S.Route,
        newApp: typeof new S().get,
        callApp: typeof S().listen,
        routerInstance: typeof S.Router().get,
      }));
    `);
    expect(result).toEqual({
      type: "function",
      byPath: "function",
      router: "function",
      route: "function",
      newApp: "function",
      callApp: "function",
      routerInstance: "function",
    });
  });

  // The app of the test below, its request answered by the CommonJS build when Node cannot
  // require() an ES module (or the app opts out of it).
  const serving = `
      const Server = require("lib-server");
      const app = new Server();
      app.get("/hi/:name", (req, res) => res.json({ hi: req.params.name }));
      const server = app.listen(0, "127.0.0.1", async () => {
        const res = await fetch("http://127.0.0.1:" + server.address().port + "/hi/cjs");
        const body = await res.json();
        server.close();
        console.log(JSON.stringify({ status: res.status, body, loaded: Object.keys(require.cache).filter((file) => /[\\/](index|lib-server)\\.cjs$/.test(file)) }));
      });
    `;

  it("serves a request from an app built in CommonJS, through the ES module itself", async () => {
    const result = await runCommonJs(serving);
    expect(result).toEqual({ status: 200, body: { hi: "cjs" }, loaded: [path.join(root, "src/index.cjs")] });
  });

  it("serves a request through the CommonJS build where require() of ES modules is off", async () => {
    const result = await runCommonJs(serving, ["--no-experimental-require-module"]);
    expect(result).toEqual({ status: 200, body: { hi: "cjs" }, loaded: [path.join(root, "dist/lib-server.cjs")] });
  });

  it("is one instance with the ES module when both load it: same classes, same apps", async () => {
    const result = await runCommonJs(`
      const S = require("lib-server");
      import("lib-server").then(({ default: E, Router, Request }) => {
        const fromRequire = S();
        fromRequire.set("title", "set through require");
        const fromImport = new E();
        console.log(JSON.stringify({
          same: S === E,
          router: S.Router === Router && S.Request === Request,
          appOfImport: fromRequire instanceof E,
          appOfRequire: fromImport instanceof S,
          routerOfRequire: S.Router() instanceof Router,
          setting: E.application.get.call(fromRequire, "title"),
        }));
      });
    `);
    expect(result).toEqual({
      same: true,
      router: true,
      appOfImport: true,
      appOfRequire: true,
      routerOfRequire: true,
      setting: "set through require",
    });
  });

  it.each([[[]], [["--no-experimental-require-module"]]])(
    "offers the names the ES module exports (node %j)",
    async (nodeOptions) => {
      const { default: fromEsm } = await import("../src/index.js");
      const result = await runCommonJs(
        `
      const S = require("lib-server");
      console.log(JSON.stringify({ name: S.name, keys: Object.keys(S).sort() }));
    `,
        nodeOptions,
      );
      expect(result.name).toBe(fromEsm.name);
      expect(result.keys).toEqual(Object.keys(fromEsm).sort());
    },
  );
});
