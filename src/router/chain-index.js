// Which layers of a router's stack a request has to consider, found with a radix tree.
//
// Express walks the whole stack for every request. We keep the same stack (so ordering is
// exactly Express's) and use find-my-way only to narrow it:
//  - every route's path is indexed by its "shape" (params renamed p0, p1, ...);
//  - a request's path is looked up once; the shape it lands on keys a cached "chain":
//    the subsequence of the stack that may match a URL of that shape (middleware whose
//    prefix overlaps it, routes whose pattern overlaps it), in stack order;
//  - chain members whose pattern *is* the shape are known to match: their params come
//    straight from the tree. Others (overlapping patterns, fancy syntax) are confirmed
//    with their RegExp, which is what Express would have done anyway;
//  - a percent-encoded path still uses the tree to narrow the candidates, each confirmed
//    by RegExp on the path as sent (the tree matches decoded paths, Express encoded ones);
//  - a path with empty segments ("//"), which the tree would tolerate and Express doesn't,
//    walks the whole stack with RegExps: rare, and exactly Express's own cost.
//  - a small stack (a few routes) gets no tree at all: every request walks the whole stack
//    with RegExps, as Express does, which costs no more than a tree lookup there, and
//    find-my-way (a tenth of lib-server's start-up) is never loaded.
// Chains are built lazily; the router drops its index whenever its stack changes.
import { shapesMayOverlap } from "./pattern.js";
import { findMyWay } from "../deps.js";

const noop = () => {};
// Up to this many routes, no tree.
let smallStackRoutes = 8;

/** Tests: routers with more than `routes` routes get a tree (0: every router); returns the previous value. */
export function treeAbove(routes) {
  const previous = smallStackRoutes;
  smallStackRoutes = routes;
  return previous;
}

function buildIndex(router) {
  // An `inert` layer is in the stack for code that reads it, and never runs (the Express 4
  // mode's first two, whose work lib-server does elsewhere): it is in no chain.
  const walked = router.stack.flatMap((layer, position) => (layer.inert ? [] : [{ layer, position }]));
  const all = walked.map(toBeConfirmed);
  // What lookup() returns when no shape narrows the stack (read, never changed).
  const allChain = Object.freeze({ chain: all, treeParams: null });
  let routes = 0;
  for (const layer of router.stack) if (layer.route !== undefined) routes++;
  // `stack` and `size`: what was indexed, for a router that checks whether its stack was
  // edited in place since (the Express 4 mode's: Express 4 apps splice routes out of it).
  const indexed = { stack: router.stack, size: router.stack.length };
  if (routes <= smallStackRoutes) return { tree: null, all, allChain, ...indexed };
  const tree = findMyWay()({
    ignoreTrailingSlash: !router.strict,
    caseSensitive: router.caseSensitive,
    maxParamLength: Number.MAX_SAFE_INTEGER,
    querystringParser: noop,
  });
  const shapes = new Map();
  const entries = walked.map(({ layer, position }) => ({ layer, position, inTree: false }));
  for (const entry of entries) {
    const { layer } = entry;
    if (layer.route === undefined || layer.shapes === null) continue;
    entry.inTree = layer.shapes.every((shape) => {
      if (shapes.has(shape.treePath)) return true;
      try {
        tree.on("GET", shape.treePath, noop, shape.treePath);
      } catch {
        return false; // a shape find-my-way refuses: keep the layer out of the tree
      }
      shapes.set(shape.treePath, shape);
      return true;
    });
  }
  return {
    ...indexed,
    tree,
    shapes,
    chains: new Map(),
    encodedChains: new Map(),
    // No shape matched: only middleware and layers outside the tree can match.
    fallbackChain: Object.freeze({
      chain: entries.filter((e) => e.layer.route === undefined || !e.inTree).map(toBeConfirmed),
      treeParams: null,
    }),
    all,
    allChain,
  };
}

// A chain entry: `knownMatch` marks a layer the tree has matched exactly (params from the tree);
// the others, path-less middleware aside, are confirmed with their RegExp.
const toBeConfirmed = (entry) => ({ layer: entry.layer, position: entry.position, knownMatch: false });

function buildChain(router, index, treePath) {
  const shape = index.shapes.get(treePath);
  const chain = [];
  router.stack.forEach((layer, position) => {
    if (layer.inert) return;
    if (layer.matchesAll) return chain.push({ layer, position, knownMatch: false });
    if (layer.shapes !== null && !layer.shapes.some((s) => shapesMayOverlap(s, layer.route === undefined, shape)))
      return;
    // Known to match, params from the tree, when the layer's only pattern is this shape.
    const only = layer.route !== undefined && layer.shapes?.length === 1 ? layer.shapes[0] : null;
    const knownMatch = only !== null && only.exact && only.treePath === treePath;
    chain.push({ layer, position, knownMatch, keys: knownMatch ? layer.patterns[0].keys : null });
  });
  index.chains.set(treePath, chain);
  return chain;
}

/** Whether `router`'s stack was replaced, or grew or shrank in place, since it was indexed. */
export const stackEdited = (router) =>
  router.index !== null && (router.index.stack !== router.stack || router.index.size !== router.stack.length);

/** The chain for a path, and the tree's params when a shape matched. */
export function lookup(router, path) {
  const index = (router.index ??= buildIndex(router));
  // The tree tolerates empty segments, Express doesn't: the whole stack, by RegExp.
  if (index.tree === null || path.charCodeAt(0) !== 47 || path.indexOf("//") !== -1) return index.allChain;
  const found = index.tree.find("GET", path);
  if (path.indexOf("%") !== -1) {
    // The tree matched the decoded path, Express matches the encoded one: the shape still
    // narrows the candidates, but each is confirmed by RegExp on the path as sent.
    if (found === null) return index.allChain;
    return {
      chain: index.encodedChains.get(found.store) ?? buildEncodedChain(router, index, found.store),
      treeParams: null,
    };
  }
  if (found === null) return index.fallbackChain;
  const params = found.params;
  for (const key in params) if (params[key] === "") return index.allChain;
  return { chain: index.chains.get(found.store) ?? buildChain(router, index, found.store), treeParams: params };
}

function buildEncodedChain(router, index, treePath) {
  const chain = (index.chains.get(treePath) ?? buildChain(router, index, treePath)).map(toBeConfirmed);
  index.encodedChains.set(treePath, chain);
  return chain;
}

/**
 * Params of a layer known to match, from the tree's positional ones. The tree ignored a
 * trailing slash that Express's wildcard keeps ("/s/a/" → ["a", ""]): `trailingSlash` puts
 * it back.
 */
export function treeMatch(entry, treeParams, trailingSlash) {
  const keys = entry.keys;
  if (!keys || keys.length === 0) return { params: Object.create(null), path: "" };
  const params = Object.create(null);
  let position = 0;
  for (const key of keys) {
    if (key.wildcard) params[key.name] = (trailingSlash ? treeParams["*"] + "/" : treeParams["*"]).split("/");
    else params[key.name] = treeParams["p" + position++];
  }
  return { params, path: "" };
}
