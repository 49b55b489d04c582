// Express 4's Router (its lib/router/index.js) on Express 5's walk (src/router/dispatch.js):
// Express 4's layers and routes (path-to-regexp 0.1 paths), router.param(fn) and ":name",
// its argument errors and its automatic OPTIONS answer. As in Express 4, the methods are
// the Router function's own properties and routers inherit from it (code patching Express 4
// reaches them as Router.prototype.constructor.param).
import { Router as BaseRouter } from "../router/index.js";
import { stackEdited } from "../router/chain-index.js";
import { Layer } from "./layer.js";
import { Route } from "./route.js";
import { depd } from "./deprecate.js";

const deprecate = depd("express"); // this file's own: the warning names the caller of router.param

export function Router(options) {
  const opts = options || {};
  const router = BaseRouter(opts);
  Object.setPrototypeOf(router, Router);
  router._params = [];
  // as given, not made booleans
  router.caseSensitive = opts.caseSensitive;
  router.mergeParams = opts.mergeParams;
  router.strict = opts.strict;
  return router;
}

Object.setPrototypeOf(Router, BaseRouter.prototype);
Router.mountPathEndsAtDot = true;

// Express 4 walks `router.stack` as it is at each request, and its apps edit it in place
// (node-red splices a flow's routes out of app._router.stack on redeploy): an edited stack
// is indexed again. Express 4 also takes no `out` without complaint: a request some handler
// answers never needs it.
Router.handle = function handle(req, res, out) {
  if (stackEdited(this)) this.index = null;
  BaseRouter.prototype.handle.call(this, req, res, out ?? missingCallback);
};

function missingCallback() {
  throw new TypeError("argument callback is required"); // where Express 4 fails on calling it
}

Router.param = function param(name, fn) {
  if (typeof name === "function") {
    deprecate("router.param(fn): Refactor to use path params");
    this._params.push(name);
    return;
  }
  if (name[0] === ":") {
    deprecate(
      `router.param(${JSON.stringify(name)}, fn): Use router.param(${JSON.stringify(name.slice(1))}, fn) instead`,
    );
    name = name.slice(1);
  }
  // router.param(fn)'s functions turn (name, fn) into the callback
  for (const define of this._params) fn = define(name, fn) || fn;
  if (typeof fn !== "function") throw new Error(`invalid param() call for ${name}, got ${fn}`);
  (this.params[name] ??= []).push(fn);
  return this;
};

Router.use = function use(fn, ...rest) {
  let path = "/";
  let fns = [fn, ...rest];
  if (typeof fn !== "function") {
    let arg = fn;
    while (Array.isArray(arg) && arg.length !== 0) arg = arg[0];
    if (typeof arg !== "function") {
      path = fn;
      fns = rest;
    }
  }
  fns = fns.flat(Infinity);
  if (fns.length === 0) throw new TypeError("Router.use() requires a middleware function");
  for (const handle of fns) {
    if (typeof handle !== "function")
      throw new TypeError(`Router.use() requires a middleware function but got a ${typeName(handle)}`);
    const layer = new Layer(path, { sensitive: this.caseSensitive, strict: false, end: false }, handle);
    layer.route = undefined;
    this.stack.push(layer);
  }
  this.index = null;
  return this;
};

Router.route = function route(path) {
  const route = new Route(path);
  const layer = new Layer(
    path,
    { sensitive: this.caseSensitive, strict: this.strict, end: true },
    route.dispatch.bind(route),
  );
  layer.route = route;
  this.stack.push(layer);
  this.index = null;
  return route;
};

/** Express 4's answer: the methods in the order found, comma-separated, sent with res.send. */
Router.sendOptionsResponse = function sendOptionsResponse(res, methods) {
  const body = [...new Set(methods)].join(",");
  res.set("Allow", body);
  res.send(body);
};

// Express 4's gettype: typeof, or an object's [[Class]] ("Array", "Null", "Date").
function typeName(value) {
  const type = typeof value;
  return type !== "object" ? type : Object.prototype.toString.call(value).replace(/^\[object (\S+)\]$/, "$1");
}
