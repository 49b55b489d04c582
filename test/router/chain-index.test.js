// The path index (src/router/chain-index.js): which layers of a stack a request considers.
// The rule it must keep is Express's: every layer that matches is a candidate, in stack
// order; the tree may only leave out layers that cannot match. (tree.test.js reruns the
// router's request-level suites with a tree in every router.)
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { treeAbove, lookup } from "../../src/router/chain-index.js";
import Server from "../../src/index.js";

const pass = (req, res, next) => next();

// Eight layers, five routes: positions 0-7 in the expectations below.
const buildRouter = () =>
  Server.Router()
    .use(pass) // 0: path-less, a candidate for every request
    .get("/users/:id", pass) // 1
    .use("/admin", pass) // 2
    .get("/users/new", pass) // 3
    .get("/posts/:id", pass) // 4
    .get(/^\/re$/, pass) // 5: a RegExp, outside the tree
    .get("/users/:id", pass) // 6
    .use("/users", pass); // 7

// [position, known to match without its RegExp] per candidate.
const candidates = (router, path) => lookup(router, path).chain.map((entry) => [entry.position, entry.knownMatch]);

const matching = (router, path) =>
  router.stack.flatMap((layer, position) => (layer.match(path) !== null ? [position] : []));

const paths = ["/users/1", "/users/new", "/posts/2", "/admin/x", "/nothing", "/users//1", "/users/%41", "/re"];

describe("with a tree", () => {
  let previous;
  beforeAll(() => (previous = treeAbove(0)));
  afterAll(() => treeAbove(previous));

  it("narrows the stack to the layers whose pattern overlaps the path's shape, in stack order", () => {
    const router = buildRouter();
    expect(candidates(router, "/users/1")).toEqual([
      [0, false],
      [1, true],
      [3, false],
      [5, false],
      [6, true],
      [7, false],
    ]);
    expect(candidates(router, "/users/new")).toEqual([
      [0, false],
      [1, false],
      [3, true],
      [5, false],
      [6, false],
      [7, false],
    ]);
    expect(candidates(router, "/posts/2")).toEqual([
      [0, false],
      [4, true],
      [5, false],
    ]);
    // no route's shape: middleware and layers outside the tree only
    expect(candidates(router, "/nothing")).toEqual([
      [0, false],
      [2, false],
      [5, false],
      [7, false],
    ]);
    expect(router.index.tree).not.toBeNull();
  });

  it("gives the tree's params for the shape it found", () => {
    expect(lookup(buildRouter(), "/posts/2").treeParams).toEqual({ p0: "2" });
  });

  it("never leaves out a layer that matches, and confirms by RegExp every layer it did not match exactly", () => {
    const router = buildRouter();
    for (const path of paths) {
      const chain = lookup(router, path).chain;
      const positions = chain.map((entry) => entry.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(positions).toEqual(expect.arrayContaining(matching(router, path)));
      for (const entry of chain) if (entry.knownMatch) expect(entry.layer.match(path)).not.toBeNull();
    }
  });

  it("walks the whole stack by RegExp for an empty segment, and confirms every layer of an encoded path", () => {
    const router = buildRouter();
    expect(candidates(router, "/users//1")).toEqual(router.stack.map((layer, position) => [position, false]));
    expect(candidates(router, "/users/%41")).toEqual([
      [0, false],
      [1, false],
      [3, false],
      [5, false],
      [6, false],
      [7, false],
    ]);
  });

  it("is dropped when the stack changes, and the new layer becomes a candidate", () => {
    const router = buildRouter();
    lookup(router, "/posts/2");
    router.get("/posts/:slug", pass);
    expect(router.index).toBeNull();
    expect(candidates(router, "/posts/2")).toEqual([
      [0, false],
      [4, true],
      [5, false],
      [8, true],
    ]);
  });
});

describe("without a tree (a small stack)", () => {
  it("considers the whole stack, each layer by RegExp", () => {
    const previous = treeAbove(8);
    try {
      const router = buildRouter();
      expect(candidates(router, "/users/1")).toEqual(router.stack.map((layer, position) => [position, false]));
      expect(router.index.tree).toBeNull();
    } finally {
      treeAbove(previous);
    }
  });
});
