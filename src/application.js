// The application: Express's `app`, a function `(req, res, next)` with settings, routing
// methods and listen(). `new Server()` and `Server()` both return one.
import { resolve } from "node:path";
import { EventEmitter } from "node:events";
import { Router, useArguments } from "./router/index.js";
import { Request } from "./request.js";
import { Response } from "./response.js";
import { methods } from "./router/route.js";
import { finalHandler } from "./final-handler.js";
import { compileETag, compileQueryParser, compileTrust } from "./settings.js";
import { createHttpError } from "./errors.js";
import { View } from "./view.js";
import {
  DEFAULT_LIMITS,
  adoptServer,
  closeServer,
  closeServerOnSignals,
  enterApp,
  leaveApp,
  listenServer,
} from "./transport/index.js";
import { finalHandlerChannel, requestStart, requestEnd, traceRequest } from "./tracing.js";
import { attachMonitoring } from "./monitoring/index.js";

const TRUST_PROXY_DEFAULT = Symbol("trust proxy default");
// Not `_router`: libraries probe `app._router` to detect Express 4.
const ROUTER = Symbol("router");

export default function Server(options) {
  return createApp(Server.prototype, options);
}

/**
 * An app on `prototype` (Server.prototype, or the Express 4 mode's, which inherits it): a
 * function `(req, res, next)` whose request/response prototypes, router and statics are
 * those of `prototype.constructor` (Server, or express4).
 */
export function createApp(prototype, options) {
  const app = function app(req, res, next) {
    app.handle(req, res, next);
  };
  Object.setPrototypeOf(app, prototype);
  EventEmitter.call(app);
  app.init(options);
  attachMonitoring();
  return app;
}

/** The app's router if one was made yet, else undefined (Express 4's `app._router`). */
export const madeRouterOf = (app) => app[ROUTER] ?? undefined;

/** Gives the app `router` (Express 4's `app._router = ...`); none: a new one on next use. */
export function setRouterOf(app, router) {
  app[ROUTER] = router ?? null;
}

/** The app's router, made on first use (MAKE_ROUTER). */
export function routerOf(app) {
  return (app[ROUTER] ??= app[MAKE_ROUTER]());
}

/**
 * The method that makes an app's router: one of its flavour's Router (Express 5's or 4's),
 * with the routing settings as they are then. A flavour may add to it (Express 4's stack
 * starts with its own two middleware).
 */
export const MAKE_ROUTER = Symbol("lib-server.makeRouter");

const proto = Server.prototype;
Object.setPrototypeOf(proto, Function.prototype);

proto[MAKE_ROUTER] = function makeRouter() {
  return new this.constructor.Router({
    caseSensitive: this.enabled("case sensitive routing"),
    strict: this.enabled("strict routing"),
  });
};

for (const key of Object.getOwnPropertyNames(EventEmitter.prototype)) {
  if (key !== "constructor") proto[key] = EventEmitter.prototype[key];
}

// The prototypes every app's req/res inherit from; apps and users may extend them.
Server.request = Request.prototype;
Server.response = Response.prototype;
Server.Router = Router;

proto.init = function init(options = {}) {
  this.limits = { ...DEFAULT_LIMITS, ...options };
  this.server = null;
  this.cache = Object.create(null);
  this.engines = Object.create(null);
  // Not Object.create(null): V8 makes that a dictionary, and res.send/res.json read settings
  // on every request (benchmarks/NOTES.md, "Node 24 and 26: where the Express-style hello
  // goes, and what was tried").
  this.settings = Object.setPrototypeOf({}, null);
  this.locals = Object.create(null);
  this.mountpath = "/";
  this[ROUTER] = null;
  // Per-app prototypes (as in Express) make `req.app` right in mounted sub-apps; the transport
  // builds classes on them so Node creates our objects directly, no per-request setup.
  this.request = Object.create(this.constructor.request, {
    app: { configurable: true, enumerable: true, writable: true, value: this },
  });
  this.response = Object.create(this.constructor.response, {
    app: { configurable: true, enumerable: true, writable: true, value: this },
  });
  this.defaultConfiguration();
};

proto.defaultConfiguration = function defaultConfiguration() {
  const env = process.env.NODE_ENV || "development";
  // Off by default, unlike Express: the header only advertises the stack (helmet removes
  // it), and the first header on a response moves Node off its fastest write path (-15%
  // on a res.end() hello world). app.enable("x-powered-by") sends "X-Powered-By: lib-server".
  this.disable("x-powered-by");
  this.set("etag", "weak");
  this.set("env", env);
  this.set("query parser", "simple");
  this.set("subdomain offset", 2);
  this.set("trust proxy", false);
  this.set("jsonp callback name", "callback");
  this.set("view", View);
  this.set("views", resolve("views"));
  if (env === "production") this.enable("view cache");
  this.settings[TRUST_PROXY_DEFAULT] = true;
  this.locals.settings = this.settings;

  this.on("mount", function onMount(parent) {
    // A sub-app that never set "trust proxy" inherits its parent's.
    if (this.settings[TRUST_PROXY_DEFAULT] === true && typeof parent.settings["trust proxy fn"] === "function") {
      delete this.settings["trust proxy"];
      delete this.settings["trust proxy fn"];
    }
    Object.setPrototypeOf(this.request, parent.request);
    Object.setPrototypeOf(this.response, parent.response);
    Object.setPrototypeOf(this.engines, parent.engines);
    Object.setPrototypeOf(this.settings, parent.settings);
  });
};

// Created on first use, so "case sensitive routing"/"strict routing" set before the first
// route apply, as in Express.
Object.defineProperty(proto, "router", {
  configurable: true,
  enumerable: true,
  get() {
    return routerOf(this);
  },
});

proto.handle = function handle(req, res, callback) {
  // Objects from listen() already have our prototypes; plain Node ones (http.createServer(app),
  // supertest) and those entering a mounted sub-app get them here, and so does a response
  // made for a request of ours (express-ws: app.handle(upgradeReq, new ServerResponse(req))).
  if (req.app !== this || res.app !== this) {
    if (callback === undefined) adoptServer(this, req.socket?.server);
    enterApp(this, req, res);
  }
  req.res = res;
  res.req = req;
  if (callback === undefined && (requestStart.hasSubscribers || requestEnd.hasSubscribers))
    traceRequest(this, req, res);
  if (this.settings["x-powered-by"]) res.setHeader("X-Powered-By", "lib-server");
  const done = callback ?? ((err) => this.finish(req, res, err));
  if (req.url.length > this.limits.maxUrlLength) return done(createHttpError(414));
  routerOf(this).handle(req, res, done);
};

// Nothing answered: the final handler.
proto.finish = function finish(req, res, err) {
  if (err && finalHandlerChannel.hasSubscribers) finalHandlerChannel.publish({ req, res, error: err });
  const env = this.settings.env;
  finalHandler(req, res, err, env, err ? this.errorReporter(env) : undefined);
};

// Where the final handler reports errors: `app.on("error", (err, req, res) => ...)`
// listeners when there are any (instead of the console), else the console outside tests.
proto.errorReporter = function errorReporter(env) {
  if (this.listenerCount("error") > 0)
    return (this._emitError ??= (err, req, res) => this.emit("error", err, req, res));
  return env !== "test" ? logError : undefined;
};

function logError(err) {
  // Whatever was thrown: console.error copes with null-prototype objects, String() doesn't,
  // and a throwing getter must not crash the process from a timer.
  try {
    // A client's bad request (4xx) is the client's problem: logging its stack would let
    // anyone flood the logs.
    const status = err?.status ?? err?.statusCode;
    if (status >= 400 && status < 500) return;
    console.error(err); // as Express: the stack and the error's own properties (code, status...)
  } catch {
    console.error("[an error that cannot be printed]");
  }
}

proto.use = function use(...args) {
  const { path, fns } = useArguments(args);
  if (fns.length === 0) throw new TypeError("app.use() requires a middleware function");
  const router = routerOf(this);
  for (const fn of fns) {
    if (!fn || !fn.handle || !fn.set) {
      router.use(path, fn);
      continue;
    }
    // A whole app mounted: it runs with its own settings and prototypes, then hands back.
    fn.mountpath = path;
    fn.parent = this;
    router.use(path, function mounted_app(req, res, next) {
      const orig = req.app;
      fn.handle(req, res, (err) => {
        leaveApp(fn, orig, req, res);
        next(err);
      });
    });
    fn.emit("mount", this);
  }
  return this;
};

proto.route = function route(path) {
  return routerOf(this).route(path);
};

proto.param = function param(name, fn) {
  if (Array.isArray(name)) {
    for (const n of name) this.param(n, fn);
    return this;
  }
  routerOf(this).param(name, fn);
  return this;
};

proto.engine = function engine(ext, fn) {
  if (typeof fn !== "function") throw new Error("callback function required");
  this.engines[ext[0] !== "." ? "." + ext : ext] = fn;
  return this;
};

proto.render = function render(name, options, callback) {
  let done = callback;
  let opts = options || {};
  if (typeof options === "function") {
    done = options;
    opts = {};
  }
  const renderOptions = { ...this.locals, ...opts._locals, ...opts };
  if (renderOptions.cache == null) renderOptions.cache = this.enabled("view cache");
  let view = renderOptions.cache ? this.cache[name] : undefined;
  if (!view) {
    const ViewClass = this.get("view");
    // Not caught, as in Express: a view that cannot be set up (no engine for its extension,
    // an engine module missing) throws to the caller; res.render's caller is a handler, so
    // the error reaches error middleware even when res.render was given a callback.
    view = new ViewClass(name, {
      defaultEngine: this.get("view engine"),
      root: this.get("views"),
      engines: this.engines,
    });
    if (!view.path) {
      const roots = [].concat(view.root);
      const dirs =
        roots.length > 1
          ? `directories "${roots.slice(0, -1).join('", "')}" or "${roots[roots.length - 1]}"`
          : `directory "${view.root}"`;
      const err = new Error(`Failed to lookup view "${name}" in views ${dirs}`);
      err.view = view;
      return done(err);
    }
    if (renderOptions.cache) this.cache[name] = view;
  }
  try {
    view.render(renderOptions, done);
  } catch (err) {
    done(err);
  }
};

proto.set = function set(setting, value) {
  if (arguments.length === 1) return this.settings[setting];
  this.settings[setting] = value;
  switch (setting) {
    case "etag":
      this.set("etag fn", compileETag(value));
      break;
    case "query parser":
      this.set("query parser fn", compileQueryParser(value));
      break;
    case "trust proxy":
      this.set("trust proxy fn", compileTrust(value));
      this.settings[TRUST_PROXY_DEFAULT] = false;
      break;
  }
  return this;
};

proto.path = function path() {
  return this.parent ? this.parent.path() + this.mountpath : "";
};

proto.enabled = function enabled(setting) {
  return Boolean(this.set(setting));
};

proto.disabled = function disabled(setting) {
  return !this.set(setting);
};

proto.enable = function enable(setting) {
  return this.set(setting, true);
};

proto.disable = function disable(setting) {
  return this.set(setting, false);
};

for (const method of methods) {
  proto[method] = function addRoute(path, ...handlers) {
    if (method === "get" && handlers.length === 0) return this.set(path); // app.get(setting)
    this.route(path)[method](...handlers);
    return this;
  };
}

proto.all = function all(path, ...handlers) {
  const route = this.route(path);
  for (const method of methods) route[method](...handlers);
  return this;
};

/**
 * Like Express's listen(), on a server built with this app's request/response classes and
 * limits. `app.listen({ port, host, gracefulShutdown: true })` also closes gracefully on
 * SIGTERM/SIGINT; `app.listen({ port, http2: true, key, cert })` serves HTTP/2 over TLS and
 * HTTP/1.1 on the same port, `{ port, http2: true }` h2c (prior knowledge) and HTTP/1.1.
 */
proto.listen = function listen(...args) {
  return listenServer(this, args);
};

/** Graceful shutdown of the server listen() made: in-flight requests finish first. */
proto.close = function close(callback) {
  const closing = closeServer(this);
  if (callback) closing.then(() => callback(), callback);
  return closing;
};

proto.closeOnSignals = function closeOnSignals(signals) {
  closeServerOnSignals(this, signals);
  return this;
};
