// One entry of a router's stack: a middleware (`use`, prefix match) or a route (`route`,
// full match), with its compiled patterns and the tree shapes the router indexes.
import { compilePattern, matchPattern } from "./pattern.js";
import { callHandler } from "../handler-call.js";

export class Layer {
  constructor(path, { end, strict, sensitive }, handle) {
    this.handle = handle;
    this.measuredHandle = null; // handlerArity's (handler-call.js)
    this.handleArity = 0;
    this.name = handle.name || "<anonymous>";
    this.path = Array.isArray(path) ? path.flat(Infinity) : path;
    // router 2's fields, for tools that list a router's stack (its `path` is per request)
    this.rawPath = this.path;
    this.slash = path === "/" && end === false;
    this.end = end;
    this.route = undefined;
    const paths = Array.isArray(this.path) ? this.path : [this.path];
    this.patterns = paths.map((p) => compilePattern(p, { end, strict, sensitive }));
    this.matchesAll = this.patterns.length === 1 && this.patterns[0].matchesAll;
    // Null when some pattern can't live in the radix tree (RegExp paths, odd syntax):
    // such a layer is a candidate for every request and always confirmed by RegExp.
    const shapes = this.patterns.flatMap((p) => p.shapes ?? [null]);
    this.shapes = shapes.includes(null) ? null : shapes;
    // Param names in order, without duplicates, for app.param() callbacks.
    this.paramNames = [...new Set(this.patterns.flatMap((p) => p.keys.map((k) => k.name)))];
  }

  /**
   * The registered path `path` matched: one of an array's, the first that matches (what
   * router 2.3 reports as the tracing context's `route`).
   */
  pathMatching(path) {
    if (!Array.isArray(this.path)) return this.path;
    const index = this.patterns.findIndex((pattern) => {
      try {
        return matchPattern(pattern, path) !== null;
      } catch {
        return false; // a param that does not decode: this one did not match
      }
    });
    return this.path[index];
  }

  // handleRequest and handleError are router 2's names: tools read them in stack traces
  // (express-rate-limit finds "Layer.handleRequest" to warn of a limiter made per request).
  handleRequest(req, res, next) {
    callHandler(this.handle, undefined, req, res, next);
  }

  handleError(error, req, res, next) {
    callHandler(this.handle, error, req, res, next);
  }

  /** Express's match: { params, path } or null; throws a 400 error on a malformed param. */
  match(path) {
    if (this.matchesAll) return { params: {}, path: "" }; // what Express gives path-less middleware
    for (const pattern of this.patterns) {
      const match = matchPattern(pattern, path);
      if (match !== null) return match;
    }
    return null;
  }
}

// What the walk calls (dispatch.js): this layer's match; Express 4's layers keep `match` for
// Express 4's own, which answers a boolean.
Object.defineProperty(Layer.prototype, "matchRequest", {
  value: Layer.prototype.match,
  writable: true,
  configurable: true,
});
