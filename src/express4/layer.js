// Express 4's Layer (its lib/router/layer.js): the fields tools read off `app._router.stack`
// (`handle`, `name`, `params`, `path`, `keys`, `regexp` with fast_slash / fast_star), its
// match rules, and handle_request / handle_error. A handler is called as in the default mode
// (handler-call.js): a rejected promise reaches the error handlers, where Express 4 leaves it
// unhandled (docs/migrating.md). What the router's walk also reads (the registered path, the
// tree's shapes, param names) is kept off the enumerable fields.
import { compilePath, matchLiteral } from "./pattern.js";
import { decodeParam } from "../router/pattern.js";
import { callHandler, handlerArity } from "../handler-call.js";

export function Layer(path, options, fn) {
  if (!(this instanceof Layer)) return new Layer(path, options, fn);
  const { regexp, keys, literal, shapes } = compilePath(path, options || {});
  this.handle = fn;
  this.name = fn.name || "<anonymous>";
  this.params = undefined;
  this.path = undefined;
  this.keys = keys;
  this.regexp = regexp;
  Object.defineProperties(this, {
    rawPath: walkField(path),
    literal: walkField(literal),
    shapes: walkField(shapes),
    matchesAll: walkField(regexp.fast_slash),
    paramNames: walkField([...new Set(keys.map((key) => key.name))]),
    inert: walkField(false), // see chain-index.js
    measuredHandle: walkField(null), // handlerArity's (handler-call.js)
    handleArity: walkField(0),
  });
}

const walkField = (value) => ({ value, writable: true, configurable: true, enumerable: false });

/**
 * The walk's match (dispatch.js): { params, path } or null; throws a 400 error on a
 * malformed param. Unlike Express 4's match, it leaves the layer's fields alone: a request's
 * params are the request's.
 */
Layer.prototype.matchRequest = function matchRequest(path) {
  const regexp = this.regexp;
  if (regexp.fast_slash) return { params: {}, path: "" };
  if (regexp.fast_star) return { params: { 0: decodeParam(path) }, path };
  if (this.literal !== null) {
    const matched = matchLiteral(this.literal, path);
    return matched === null ? null : { params: {}, path: matched };
  }
  const m = regexp.exec(path);
  return m === null ? null : { params: paramsOf(this.keys, m), path: m[0] };
};

/** Express 4's match: true or false, the layer's `params` and `path` set to what matched. */
Layer.prototype.match = function match(path) {
  const found = path == null ? null : this.matchRequest(path);
  this.params = found?.params;
  this.path = found?.path;
  return found !== null;
};

// Each key's value, decoded; a key whose group did not match is there as undefined unless an
// earlier key of the same name matched.
function paramsOf(keys, m) {
  const params = {};
  for (let i = 1; i < m.length; i++) {
    const name = keys[i - 1].name;
    const value = m[i] === undefined ? undefined : decodeParam(m[i]);
    if (value !== undefined || !Object.hasOwn(params, name)) params[name] = value;
  }
  return params;
}

/** The registered path, as traces report it. */
Layer.prototype.pathMatching = function pathMatching() {
  return this.rawPath;
};

// Express 4's names, with its arity checks for code that calls them on a layer it found;
// the walk knows them as handleRequest / handleError (run-handler.js).
Layer.prototype.handle_error = function handle_error(error, req, res, next) {
  if (handlerArity(this) !== 4) return next(error);
  callHandler(this.handle, error, req, res, next);
};

Layer.prototype.handle_request = function handle(req, res, next) {
  if (handlerArity(this) > 3) return next();
  callHandler(this.handle, undefined, req, res, next);
};

Layer.prototype.handleRequest = Layer.prototype.handle_request;
Layer.prototype.handleError = Layer.prototype.handle_error;
