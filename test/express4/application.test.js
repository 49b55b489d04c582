// The Express 4 mode's app (src/express4/application.js) where routing meets it: app.del,
// app.param(fn) and app.param(":name") work and warn as Express 4's do (depd, under
// "express", once per call site: compared in child processes, stderr line for line),
// app.router throws Express 4's error, and app._router may be replaced or cleared.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, it, expect } from "vitest";
import express4 from "express4";
import express from "../../src/express4/index.js";
import { compareSuite } from "../helpers/compare.js";

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL("../..", import.meta.url));
const FACTORIES = {
  "express@4": require.resolve("express4"),
  "lib-server/express4": fileURLToPath(new URL("../../src/express4/index.cjs", import.meta.url)),
};

// The same script for both, the factory's path as its argument: what it prints, and its
// deprecation warnings without their time, and without their call site where that is in
// each framework's own files (app.param's call of router.param).
function run(source, factory) {
  const output = execFileSync(process.execPath, ["--input-type=commonjs", "-e", source, FACTORIES[factory]], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NO_DEPRECATION: "" },
    timeout: 10_000,
  });
  return output;
}

function warnings(source, factory) {
  const source2 = `process.stderr.write = ((write) => (chunk, ...rest) => { process.stdout.write("ERR " + chunk); return true; })(process.stderr.write);\n${source}`;
  return run(source2, factory)
    .split("\n")
    .filter((line) => line.startsWith("ERR ") || line.startsWith("OUT "))
    .map((line) => line.replace(/^ERR .*?(express deprecated .*?)(?: at (?!\[eval\])\S+)?$/, "$1"));
}

const SCRIPT = `
const express = require(process.argv[1]);
const out = (...args) => console.log("OUT", ...args);
const app = express();
for (let i = 0; i < 2; i++) app.del("/d" + i, (req, res) => res.end());
app.param((name, fn) => fn);
app.param(":id", (req, res, next) => next());
app.param(":id", (req, res, next) => next());
const router = express.Router();
router.param(":x", (req, res, next) => next());
router.param(":x", (req, res, next) => next());
out(app._router.stack.filter((l) => l.route).map((l) => Object.keys(l.route.methods).join()).join(" "));
try { app.router } catch (err) { out(err.message.replace(/\\n/g, " ")); }
`;

describe("Express 4's deprecated routing APIs", () => {
  it("work and warn as Express 4's, once per call site", () => {
    const expected = warnings(SCRIPT, "express@4");
    expect(expected).toContainEqual(
      expect.stringMatching(/^express deprecated app.del: Use app.delete instead at \[eval\]:/),
    );
    expect(expected).toContain("express deprecated router.param(fn): Refactor to use path params");
    // once per call site: the two calls of router.param(":x") warn twice
    const x = expected.filter((line) => line.startsWith('express deprecated router.param(":x", fn)'));
    expect(x).toHaveLength(2);
    expect(warnings(SCRIPT, "lib-server/express4")).toEqual(expected);
  });
});

compareSuite(
  "app.del routes DELETE",
  (app) => {
    const quiet = () => {}; // depd emits its warning as this event instead of printing it
    process.on("deprecation", quiet);
    app.del("/item/:id", (req, res) => res.send(`deleted ${req.params.id}`));
    process.off("deprecation", quiet);
  },
  [
    { method: "DELETE", path: "/item/7" },
    { method: "GET", path: "/item/7" },
  ],
  { reference: express4, subject: express },
);

compareSuite(
  "app._router cleared or replaced",
  (app, factory) => {
    app.get("/old", (req, res) => res.send("old"));
    app.post("/reset", (req, res) => {
      app._router = undefined; // the routes go; the next ones go on a new router
      app.get("/new", (req, res) => res.send(`new after ${app._router.stack.length - 1} layers`));
      res.send("reset");
    });
    app.post("/replace", (req, res) => {
      const router = factory.Router();
      router.get("/replaced", (req, res) => res.send("replaced"));
      app._router = router;
      res.send("replacing");
    });
  },
  [
    "/old",
    { method: "POST", path: "/reset" },
    "/old",
    "/new",
    { method: "POST", path: "/replace" },
    "/new",
    "/replaced",
  ],
  { reference: express4, subject: express },
);
