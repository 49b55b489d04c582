// The router's differential suites (the walk, params, the Router API) and the fuzz suite
// again, with a radix tree in every router: by default a router of a few routes walks its
// stack by RegExp (src/router/chain-index.js) and most of those suites' stacks are small,
// so this keeps the tree's narrowing under the same tests.
import "./force-tree.js";
import "./dispatch.test.js";
import "./params.test.js";
import "./index.test.js";
import "./fuzz.test.js";
import { it, expect } from "vitest";
import Server from "../../src/index.js";

it("routers here have a tree, even with one route", async () => {
  const app = new Server();
  app.get("/a/:id", (req, res) => res.end(req.params.id));
  await new Promise((resolve) =>
    app.handle({ url: "/a/1", method: "GET", headers: {} }, { end: resolve, setHeader() {} }, resolve),
  );
  expect(app.router.index.tree).not.toBeNull();
});
