// A route: one path with handlers per HTTP method, as `app.route(path)` returns it.
import { nodeHttp } from "../deps.js";
import { Layer } from "./layer.js";
import { runHandler } from "./run-handler.js";
import { handlerArity } from "../handler-call.js";

const { METHODS } = nodeHttp;

/**
 * Set by the router on a request before it enters a route through its handle (while layers
 * are observed: dispatch.js): which of the route's paths matched, as router 2.3 keeps it.
 */
export const MATCHED_PATH = Symbol("lib-server.matchedPath");

export const methods = METHODS.map((m) => m.toLowerCase());
// "GET" → "get" without allocating a new string per request.
const LOWERCASE = Object.fromEntries(METHODS.map((m) => [m, m.toLowerCase()]));
const lowercaseMethod = (method) => LOWERCASE[method] ?? (typeof method === "string" ? method.toLowerCase() : method);

const ROUTE_HANDLER = { end: true, strict: false, sensitive: false };

export class Route {
  constructor(path) {
    this.path = path;
    this.stack = []; // layers with `method`: a lowercase name, or undefined for all()
    this.methods = Object.create(null);
  }

  // _handlesMethod and _methods keep router 2's names: tools reach for them on routes
  // they find in a router's stack.
  _handlesMethod(method) {
    return Boolean(this.methods._all || this.methods[this.dispatchMethod(method)]);
  }

  /** The method whose handlers a request runs: HEAD runs GET's unless HEAD has its own. */
  dispatchMethod(method) {
    const name = lowercaseMethod(method);
    return name === "head" && !this.methods.head ? "get" : name;
  }

  /**
   * The position of the next handler at or after `from` that takes this request: one for
   * its method (or all methods), with an error only 4-argument ones, without one the
   * others. -1 when the route has none left.
   */
  nextHandler(from, method, withError) {
    const stack = this.stack;
    for (let i = from; i < stack.length; i++) {
      const layer = stack[i];
      if (layer.method !== undefined && layer.method !== method) continue;
      if (withError ? handlerArity(layer) === 4 : handlerArity(layer) <= 3) return i;
    }
    return -1;
  }

  /**
   * Router 2's Route#dispatch: runs this route's handlers on their own, then `done` (a route
   * called as a handler, or entered through its layer while layers are observed).
   */
  dispatch(req, res, done) {
    const run = new RouteRun(this, req, res, done);
    req.route = this;
    run.runNext(undefined);
  }

  /**
   * The route's methods in the order first registered, HEAD implied by GET (an automatic
   * OPTIONS answer's list); with `includeAll`, all() handlers as "*" (listRoutes()).
   */
  _methods(includeAll = false) {
    const list = [];
    for (const method of Object.keys(this.methods)) {
      if (method !== "_all") list.push(method.toUpperCase());
      else if (includeAll) list.push("*");
    }
    if (this.methods.get && !this.methods.head) list.push("HEAD");
    return list;
  }

  all(...handlers) {
    return this.#add(undefined, handlers);
  }

  #add(method, handlers) {
    const fns = handlers.flat(Infinity);
    if (fns.length === 0) throw new TypeError("argument handler is required");
    for (const fn of fns) {
      if (typeof fn !== "function") throw new TypeError("argument handler must be a function");
      // A layer of its own, as in router 2 (tools walking route.stack read its method/handle/name).
      const layer = new Layer("/", ROUTE_HANDLER, fn);
      layer.method = method;
      this.stack.push(layer);
      this.methods[method ?? "_all"] = true;
    }
    return this;
  }

  static {
    for (const method of methods) {
      this.prototype[method] = function addMethodHandlers(...handlers) {
        return this.#add(method, handlers);
      };
    }
  }
}

// One request's run through a route's handlers, for Route#dispatch: like a router's walk
// (dispatch.js), its state in one object and one `next` handed to the handlers.
class RouteRun {
  constructor(route, req, res, done) {
    this.route = route;
    this.req = req;
    this.res = res;
    this.done = done;
    this.method = route.dispatchMethod(req.method);
    // what the traces call `route`: the path that matched, when the router said which
    this.path = req[MATCHED_PATH] ?? route.path;
    this.position = 0;
    this.depth = 0; // handlers called in a row (run-handler.js)
    this.next = nextOf(this);
  }

  // What a handler's next(err) does: the route's next handler that takes the request, or `done`.
  runNext(err) {
    if (err === "route") return this.done();
    if (err === "router") return this.done(err);
    const found = this.route.nextHandler(this.position, this.method, Boolean(err));
    if (found === -1) return this.done(err);
    this.position = found + 1;
    runHandler(this, this.route.stack[found], err);
  }

  tracedRoute() {
    return this.path;
  }
}

// Made out here, not in the constructor, as dispatch.js makes a walk's (PERFORMANCE.md, "A
// closure in a constructor doubled the peak RSS under load").
const nextOf = (run) => (err) => run.runNext(err);
