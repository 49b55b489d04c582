// The router: Express's semantics, a radix tree's speed.
//
// Express keeps one ordered stack of layers (middleware and routes) and walks all of it
// for every request. We keep the same stack, so ordering is exactly Express's: layers
// run in registration order, `next('route')`, `next('router')` and `next(err)` behave the
// same, and an earlier overlapping route wins over a more specific later one.
//
// The radix tree (find-my-way) only decides *which* layers a request has to consider:
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
// Chains are built lazily and dropped whenever the stack changes.
import { Layer, callHandler } from "./layer.js";
import { Route, methods } from "./route.js";
import { shapesMayOverlap } from "./path.js";
import { routingPathOf, protohostOf } from "./url.js";
import { FindMyWay } from "./deps.js";

const noop = () => {};

export function Router(options = {}) {
  function router(req, res, next) {
    router.handle(req, res, next);
  }
  Object.setPrototypeOf(router, Router.prototype);
  router.caseSensitive = Boolean(options.caseSensitive);
  router.strict = Boolean(options.strict);
  router.mergeParams = Boolean(options.mergeParams);
  router.params = Object.create(null); // app.param()/router.param() callbacks by name
  router.stack = [];
  router.index = null; // built lazily: { tree, shapes, chains, fallback, all }
  return router;
}

Object.setPrototypeOf(Router.prototype, Function.prototype);
Router.Route = Route;

/**
 * `use([path], ...handlers)` arguments: the path (default "/") and the flattened handlers.
 * The first argument is a path unless it is, or nests, a function.
 */
export function useArguments(args) {
  let probe = args[0];
  while (Array.isArray(probe) && probe.length !== 0) probe = probe[0];
  const hasPath = typeof probe !== "function";
  return { path: hasPath ? args[0] : "/", fns: args.slice(hasPath ? 1 : 0).flat(Infinity) };
}

Router.prototype.use = function use(...args) {
  const { path, fns } = useArguments(args);
  if (fns.length === 0) throw new TypeError("argument handler is required");
  for (const fn of fns) {
    if (typeof fn !== "function") throw new TypeError("argument handler must be a function");
    this.stack.push(new Layer(path, { end: false, strict: false, sensitive: this.caseSensitive }, fn));
  }
  this.index = null;
  return this;
};

Router.prototype.route = function route(path) {
  const route = new Route(path);
  const layer = new Layer(path, { end: true, strict: this.strict, sensitive: this.caseSensitive }, noop);
  layer.route = route;
  this.stack.push(layer);
  this.index = null;
  return route;
};

Router.prototype.param = function param(name, fn) {
  if (!name) throw new TypeError("argument name is required");
  if (typeof name !== "string") throw new TypeError("argument name must be a string");
  if (!fn) throw new TypeError("argument fn is required");
  if (typeof fn !== "function") throw new TypeError("argument fn must be a function");
  (this.params[name] ??= []).push(fn);
  return this;
};

for (const method of [...methods, "all"]) {
  Router.prototype[method] = function addRoute(path, ...handlers) {
    this.route(path)[method](...handlers);
    return this;
  };
}

// ---- the index -----------------------------------------------------------------

function buildIndex(router) {
  const tree = FindMyWay({
    ignoreTrailingSlash: !router.strict,
    caseSensitive: router.caseSensitive,
    maxParamLength: Number.MAX_SAFE_INTEGER,
    querystringParser: noop,
  });
  const shapes = new Map();
  const entries = router.stack.map((layer, position) => ({ layer, position, treed: false }));
  for (const entry of entries) {
    const { layer } = entry;
    if (layer.route === undefined || layer.shapes === null) continue;
    entry.treed = layer.shapes.every((shape) => {
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
    tree,
    shapes,
    chains: new Map(),
    encodedChains: new Map(),
    // No shape matched: only middleware and layers outside the tree can match.
    fallback: entries.filter((e) => e.layer.route === undefined || !e.treed).map(unsure),
    all: entries.map(unsure),
  };
}

// A chain entry: `sure` marks a layer the tree has matched exactly (params from the tree);
// the others, path-less middleware aside, are confirmed with their RegExp.
const unsure = (entry) => ({ layer: entry.layer, position: entry.position, sure: false });

function buildChain(router, index, treePath) {
  const shape = index.shapes.get(treePath);
  const chain = [];
  router.stack.forEach((layer, position) => {
    if (layer.matchesAll) return chain.push({ layer, position, sure: false });
    if (layer.shapes !== null && !layer.shapes.some((s) => shapesMayOverlap(s, layer.route === undefined, shape))) return;
    // Known to match, params from the tree, when the layer's only pattern is this shape.
    const only = layer.route !== undefined && layer.shapes?.length === 1 ? layer.shapes[0] : null;
    const sure = only !== null && only.exact && only.treePath === treePath;
    chain.push({ layer, position, sure, keys: sure ? layer.patterns[0].keys : null });
  });
  index.chains.set(treePath, chain);
  return chain;
}

/** The chain for a path, and the tree's params when a shape matched. */
function lookup(router, path) {
  const index = (router.index ??= buildIndex(router));
  // The tree tolerates empty segments, Express doesn't: the whole stack, by RegExp.
  if (path.charCodeAt(0) !== 47 || path.indexOf("//") !== -1) return { chain: index.all, treeParams: null };
  const found = index.tree.find("GET", path);
  if (path.indexOf("%") !== -1) {
    // The tree matched the decoded path, Express matches the encoded one: the shape still
    // narrows the candidates, but each is confirmed by RegExp on the path as sent.
    if (found === null) return { chain: index.all, treeParams: null };
    return { chain: index.encodedChains.get(found.store) ?? buildEncodedChain(router, index, found.store), treeParams: null };
  }
  if (found === null) return { chain: index.fallback, treeParams: null };
  const params = found.params;
  for (const key in params) if (params[key] === "") return { chain: index.all, treeParams: null };
  return { chain: index.chains.get(found.store) ?? buildChain(router, index, found.store), treeParams: params };
}

function buildEncodedChain(router, index, treePath) {
  const chain = (index.chains.get(treePath) ?? buildChain(router, index, treePath)).map(unsure);
  index.encodedChains.set(treePath, chain);
  return chain;
}

/**
 * Params of a layer known to match, from the tree's positional ones. The tree ignored a
 * trailing slash that Express's wildcard keeps ("/s/a/" → ["a", ""]): `trailingSlash` puts
 * it back.
 */
function treeMatch(entry, treeParams, trailingSlash) {
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

// ---- dispatch ------------------------------------------------------------------

Router.prototype.handle = function handle(req, res, out) {
  if (typeof out !== "function") throw new TypeError("argument callback is required");
  const router = this;
  let url = req.url;
  let path = routingPathOf(url);
  const protohost = path === undefined ? "" : protohostOf(url);
  let { chain, treeParams } = path === undefined ? NO_MATCH : lookup(router, path);

  let idx = 0;
  let sync = 0;
  let removed = "";
  let slashAdded = false;
  let route = null; // the route whose handlers run, while inside one
  let routeIdx = 0;
  let routeMethod = "";
  // Methods collected for an automatic answer to an OPTIONS request.
  const allowed = req.method === "OPTIONS" ? [] : null;
  let paramsCalled = null; // app.param() values already handled by this router
  const parentParams = req.params;
  const parentBaseUrl = req.baseUrl;
  const parentUrl = parentBaseUrl || "";
  const parentNext = req.next;

  req.baseUrl = parentUrl;
  req.originalUrl = req.originalUrl || url;
  req.next = next;
  next();

  function next(err) {
    let layerError = err === "route" ? null : err;
    restoreUrl();
    // Like router 2, leaving the router waits a tick: code after a handler's next() runs
    // before whatever comes after this router.
    if (layerError === "router") return setImmediate(done, null);

    if (route !== null) {
      if (err === "route") route = null;
      else if (runRoute(layerError)) return;
    }

    // A middleware may have rewritten req.url: look the new path up, keep our place.
    if (req.url !== url) {
      const position = idx > 0 ? chain[idx - 1].position : -1;
      url = req.url;
      path = routingPathOf(url);
      // Like Express: a URL with no path left (req.url = "?a") ends this router's walk.
      if (path === undefined || path === "") return done(layerError);
      ({ chain, treeParams } = lookup(router, path));
      idx = 0;
      while (idx < chain.length && chain[idx].position <= position) idx++;
    }
    if (path === undefined) return done(layerError); // a hand-made request without a URL

    while (idx < chain.length) {
      const entry = chain[idx++];
      const layer = entry.layer;
      let match;
      if (layer.matchesAll) match = layer.match(path);
      else if (entry.sure) match = treeMatch(entry, treeParams, !router.strict && path.length > 1 && path.charCodeAt(path.length - 1) === 47);
      else {
        try {
          match = layer.match(path);
        } catch (decodeError) {
          layerError = layerError || decodeError;
          continue;
        }
        if (match === null) continue;
      }

      const layerRoute = layer.route;
      if (layerRoute !== undefined) {
        if (layerError) continue; // routes do not take errors
        // req.method is read here, not once: method-override and friends change it.
        const method = req.method;
        if (!layerRoute.handlesMethod(method)) {
          if (allowed !== null && method === "OPTIONS") allowed.push(...layerRoute.allowedMethods());
          continue;
        }
        req.route = layerRoute;
      } else if (layerError ? layer.handle.length !== 4 : layer.handle.length > 3) {
        continue;
      }

      req.params = router.mergeParams ? mergeParams(match.params, parentParams) : match.params;
      if (layer.keys.length !== 0 && hasParamCallbacks(router)) {
        return processParams(router, layer, req, res, (paramsCalled ??= new Map()), (paramError) => {
          if (paramError) return next(layerError || paramError);
          enter(layer, match, layerError);
        });
      }
      if (++sync > 100) {
        idx--;
        return setImmediate(next, layerError);
      }
      enter(layer, match, layerError);
      sync = 0;
      return;
    }
    setImmediate(done, layerError);
  }

  // Puts back what entering a mounted middleware took off req.url and req.baseUrl.
  function restoreUrl() {
    if (slashAdded) {
      if (req.url === "/" || req.url.startsWith("/?") || (removed.endsWith("/") && req.url[0] === "/")) req.url = req.url.slice(1);
      slashAdded = false;
    }
    if (removed.length !== 0) {
      req.baseUrl = parentUrl;
      req.url = protohost + removed + req.url.slice(protohost.length);
      removed = "";
    }
  }

  // Mounted middleware sees the URL without its mount path, like in Express; false when
  // the matched prefix does not end on a segment boundary.
  function trimPrefix(layerPath) {
    const c = path[layerPath.length];
    if (path.slice(0, layerPath.length) !== layerPath || (c !== undefined && c !== "/")) return false;
    removed = layerPath;
    req.url = protohost + req.url.slice(protohost.length + removed.length);
    if (!protohost && req.url[0] !== "/") {
      req.url = "/" + req.url;
      slashAdded = true;
    }
    req.baseUrl = parentUrl + (removed.endsWith("/") ? removed.slice(0, -1) : removed);
    return true;
  }

  // Runs the route's next handler for this method; false once the route is exhausted.
  function runRoute(layerError) {
    const found = route.nextHandler(routeIdx, routeMethod, Boolean(layerError));
    if (found === -1) {
      route = null;
      return false;
    }
    routeIdx = found;
    if (++sync > 100) {
      setImmediate(next, layerError);
      return true;
    }
    routeIdx = found + 1;
    callHandler(route.stack[found].handle, layerError, req, res, next);
    sync = 0;
    return true;
  }

  function enter(layer, match, layerError) {
    const layerRoute = layer.route;
    if (layerRoute !== undefined) {
      route = layerRoute;
      routeIdx = 0;
      routeMethod = layerRoute.dispatchMethod(req.method);
      if (!runRoute(undefined)) next();
      return;
    }
    if (match.path.length !== 0 && !trimPrefix(match.path)) return next(layerError);
    callHandler(layer.handle, layerError, req, res, next);
  }

  function done(err) {
    req.baseUrl = parentBaseUrl;
    req.next = parentNext;
    req.params = parentParams;
    if (!err && allowed !== null && allowed.length !== 0) {
      try {
        return sendOptions(res, allowed);
      } catch (sendError) {
        return out(sendError); // headers already sent, as router 2 reports it
      }
    }
    out(err);
  }
};

const NO_MATCH = { chain: [], treeParams: null };

function sendOptions(res, methodsList) {
  const allow = [...new Set(methodsList)].sort().join(", ");
  res.setHeader("Allow", allow);
  res.setHeader("Content-Length", Buffer.byteLength(allow));
  res.setHeader("Content-Type", "text/plain");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.end(allow);
}

function mergeParams(params, parent) {
  if (typeof parent !== "object" || !parent) return params;
  const merged = Object.assign({}, parent);
  if (!(0 in params) || !(0 in parent)) return Object.assign(merged, params);
  // Both have numeric (unnamed) params: shift ours after the parent's, as Express does.
  let i = 0;
  let o = 0;
  while (i in params) i++;
  while (o in parent) o++;
  for (i--; i >= 0; i--) {
    params[i + o] = params[i];
    if (i < o) delete params[i];
  }
  return Object.assign(merged, params);
}

function hasParamCallbacks(router) {
  for (const _ in router.params) return true;
  return false;
}

// app.param() callbacks, in key order, each value handled once per request and router.
function processParams(router, layer, req, res, called, done) {
  const keys = layer.keys;
  let k = 0;
  let fnIndex = 0;
  let callbacks;
  let state;
  let key;

  const nextParam = (err) => {
    if (err) return done(err);
    if (k >= keys.length) return done();
    key = keys[k++];
    const value = req.params[key];
    callbacks = router.params[key];
    if (value === undefined || !callbacks) return nextParam();
    state = called.get(key);
    if (state && (state.match === value || (state.error && state.error !== "route"))) {
      req.params[key] = state.value;
      return nextParam(state.error);
    }
    state = { error: null, match: value, value };
    called.set(key, state);
    fnIndex = 0;
    nextCallback();
  };

  const nextCallback = (err) => {
    const fn = callbacks[fnIndex++];
    state.value = req.params[key];
    if (err) {
      state.error = err;
      return nextParam(err);
    }
    if (!fn) return nextParam();
    try {
      const ret = fn(req, res, nextCallback, state.value, key);
      if (ret !== undefined && ret !== null && typeof ret.then === "function") {
        ret.then(undefined, (rejection) => nextCallback(rejection || new Error("Rejected promise")));
      }
    } catch (thrown) {
      nextCallback(thrown);
    }
  };

  nextParam();
}
