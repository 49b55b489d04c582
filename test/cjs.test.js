// `require("lib-server")` from CommonJS: the package's "require" export must hand back the
// Server factory itself, like require("express") does.
import { describe, it, expect } from "vitest";
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(fileURLToPath(new URL("..", import.meta.url)));

// Runs CommonJS code in a fresh node and resolves to its parsed JSON output.
function runCommonJs(source) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ["--input-type=commonjs", "-e", source], { cwd: root, timeout: 15000 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`${err.message}\n${stderr}`));
      resolve(JSON.parse(stdout));
    });
  });
}

describe("require() from CommonJS", () => {
  it("returns the Server function with its statics", async () => {
    const result = await runCommonJs(`
      const S = require(${JSON.stringify(root)});
      const viaName = require("lib-server");
      console.log(JSON.stringify({
        type: typeof S,
        sameAsByName: S === viaName,
        router: typeof S.Router,
        route: typeof S.Route,
        newApp: typeof new S().get,
        callApp: typeof S().listen,
        routerInstance: typeof S.Router().get,
      }));
    `);
    expect(result).toEqual({
      type: "function",
      sameAsByName: true,
      router: "function",
      route: "function",
      newApp: "function",
      callApp: "function",
      routerInstance: "function",
    });
  });

  it("serves a request from an app built in CommonJS", async () => {
    const result = await runCommonJs(`
      const Server = require(${JSON.stringify(root)});
      const app = new Server();
      app.get("/hi/:name", (req, res) => res.json({ hi: req.params.name }));
      const server = app.listen(0, "127.0.0.1", async () => {
        const res = await fetch("http://127.0.0.1:" + server.address().port + "/hi/cjs");
        const body = await res.json();
        server.close();
        console.log(JSON.stringify({ status: res.status, body }));
      });
    `);
    expect(result).toEqual({ status: 200, body: { hi: "cjs" } });
  });

  it("is the same function the ES module exports", async () => {
    const { default: fromEsm } = await import("../src/index.js");
    const result = await runCommonJs(`
      const S = require(${JSON.stringify(root)});
      console.log(JSON.stringify({ name: S.name, keys: Object.keys(S).sort() }));
    `);
    expect(result.name).toBe(fromEsm.name);
    expect(result.keys).toEqual(Object.keys(fromEsm).sort());
  });
});
