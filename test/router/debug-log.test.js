// NODE_DEBUG=lib-server lists the same skipped layers whether the router walks its whole
// stack (up to 8 routes) or narrows it with its path index (more): layers the index left out
// are listed with the reason a stack walk gives them, "its path does not match".
import { it, expect } from "vitest";
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

const app = `
  import { treeAbove } from "./src/router/chain-index.js";
  import Server from "./src/index.js";
  treeAbove(process.argv[1] === "tree" ? 0 : Infinity);
  const app = Server();
  app.use("/admin", function adminOnly(req, res, next) { next(); });
  app.get("/users/:id", (req, res) => res.end("user"));
  app.post("/y", (req, res) => res.end());
  app.get("/y", (req, res) => res.end("y"));
  app.get("/posts", (req, res) => res.end("posts"));
  const server = app.listen(0, "127.0.0.1", async () => {
    for (const [method, path] of [["GET", "/y"], ["GET", "/users/1"], ["GET", "/nothing"], ["HEAD", "/y"]]) {
      await (await fetch("http://127.0.0.1:" + server.address().port + path, { method })).text();
    }
    server.close();
  });`;

const debugLog = (mode) =>
  new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ["--input-type=module", "-e", app, mode],
      { cwd: root, env: { ...process.env, NODE_DEBUG: "lib-server" }, timeout: 15000 },
      (err, stdout, stderr) =>
        err
          ? reject(err)
          : resolve(
              stderr
                .replace(/^LIB-SERVER \d+: /gm, "")
                .trim()
                .split("\n"),
            ),
    );
  });

it("lists every passed-over layer, with or without the path index", async () => {
  const [walked, indexed] = await Promise.all([debugLog("walk"), debugLog("tree")]);
  expect(walked).toEqual([
    "GET /y: skipped middleware adminOnly at /admin: its path does not match /y",
    "GET /y: skipped route /users/:id: its path does not match /y",
    "GET /y: skipped route /y: it has no handler for GET",
    "GET /users/1: skipped middleware adminOnly at /admin: its path does not match /users/1",
    "GET /nothing: skipped middleware adminOnly at /admin: its path does not match /nothing",
    "GET /nothing: skipped route /users/:id: its path does not match /nothing",
    "GET /nothing: skipped route /y: its path does not match /nothing",
    "GET /nothing: skipped route /y: its path does not match /nothing",
    "GET /nothing: skipped route /posts: its path does not match /nothing",
    // HEAD enters a matching route without GET or HEAD handlers, as in Express: none runs.
    "HEAD /y: skipped middleware adminOnly at /admin: its path does not match /y",
    "HEAD /y: skipped route /users/:id: its path does not match /y",
    "HEAD /y: skipped route /y: it has no handler for HEAD",
  ]);
  expect(indexed).toEqual(walked);
});
