// The router: Express's semantics (one ordered stack of middleware and routes), a radix
// tree's speed (chain-index.js narrows the stack per request; dispatch.js walks it).
import { Layer } from "./layer.js";
import { Route, methods } from "./route.js";
import { handle, answerOptionsRequest } from "./dispatch.js";

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
  // Built lazily: { tree, shapes, chains, fallbackChain, all, allChain }. Not enumerable, so
  // the router's keys are router 2's for code that lists or copies them.
  Object.defineProperty(router, "index", { value: null, writable: true, enumerable: false, configurable: true });
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

Router.prototype.handle = handle;

// What the walk leaves to the router's flavour (Express 4's router overrides them): the
// automatic OPTIONS answer, and whether a mount path may end before a "." (Express 4:
// app.use(/^\/a/) takes "/a.json").
Router.prototype.sendOptionsResponse = answerOptionsRequest;
Router.prototype.mountPathEndsAtDot = false;

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
  // The dispatch walks layer.route itself; handle is router 2's, for code that calls
  // a route layer found in router.stack (or reads its name, as instrumentations do). A
  // method's name, which a bundler keeps (it renames a function named like another).
  const { handle } = {
    handle(req, res, next) {
      route.dispatch(req, res, next);
    },
  };
  const layer = new Layer(path, { end: true, strict: this.strict, sensitive: this.caseSensitive }, handle);
  layer.route = route;
  this.stack.push(layer);
  this.index = null;
  return route;
};

/**
 * Router 2.3's listRoutes(): one { path, methods, router } per registered path of each
 * route (methods as Route#_methods(true)) and of each mounted router (`methods` undefined,
 * `router` the mounted router, for the caller to recurse into); plain middleware is left out.
 */
Router.prototype.listRoutes = function listRoutes() {
  const routes = [];
  for (const layer of this.stack) {
    const route = layer.route;
    const router = route === undefined && Array.isArray(layer.handle.stack) ? layer.handle : undefined;
    if (route === undefined && router === undefined) continue;
    const methods = route?._methods(true);
    const paths = Array.isArray(layer.rawPath) ? layer.rawPath : [layer.rawPath];
    for (const path of paths) routes.push({ path, methods: methods?.slice(), router });
  }
  return routes;
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
