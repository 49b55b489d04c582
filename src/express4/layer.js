// Express 4's Layer (its lib/router/layer.js): the fields tools read off `app._router.stack`
// (`handle`, `name`, `params`, `path`, `keys`, `regexp` with fast_slash / fast_star), its
// match rules, and handle_request / handle_error, which code patching Express 4's layer
// (express-async-errors) reaches through Layer.prototype. As in Express 4, a handler's
// returned promise is not followed. What the router's walk also reads (the registered path,
// the tree's shapes, param names) is kept off the enumerable fields.
import { compilePath, matchLiteral } from "./pattern.js";
import { decodeParam } from "../router/pattern.js";

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
  });
}

const walkField = (value) => ({ value, writable: true, configurable: true, enumerable: false });

/**
 * Express 4's match, for the walk: { params, path } or null (and, as Express 4 does, the
 * layer's own `params` and `path` set to them); throws a 400 error on a malformed param.
 */
Layer.prototype.match = function match(path) {
  const regexp = this.regexp;
  let params;
  let matched = null;
  if (regexp.fast_slash) {
    params = {};
    matched = "";
  } else if (regexp.fast_star) {
    params = { 0: decodeParam(path) };
    matched = path;
  } else if (this.literal !== null) {
    matched = matchLiteral(this.literal, path);
    params = {};
  } else {
    const m = regexp.exec(path);
    if (m !== null) {
      matched = m[0];
      params = paramsOf(this.keys, m);
    }
  }
  if (matched === null) {
    this.params = undefined;
    this.path = undefined;
    return null;
  }
  this.params = params;
  this.path = matched;
  return { params, path: matched };
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

Layer.prototype.handle_error = function handle_error(error, req, res, next) {
  const fn = this.handle;
  if (fn.length !== 4) return next(error);
  try {
    fn(error, req, res, next);
  } catch (err) {
    next(err);
  }
};

Layer.prototype.handle_request = function handle(req, res, next) {
  const fn = this.handle;
  if (fn.length > 3) return next();
  try {
    fn(req, res, next);
  } catch (err) {
    next(err);
  }
};

// The walk's names (run-handler.js), through Express 4's own, so that a patch of these takes.
Layer.prototype.handleRequest = function handleRequest(req, res, next) {
  this.handle_request(req, res, next);
};

Layer.prototype.handleError = function handleError(error, req, res, next) {
  this.handle_error(error, req, res, next);
};
