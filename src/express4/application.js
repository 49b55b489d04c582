// The Express 4 mode's app: Express 5's (application.js), plus what Express 4.22's app has
// and Express 5 removed, with Express 4's defaults.
import Server, { MAKE_ROUTER, madeRouterOf, routerOf, setRouterOf } from "../application.js";
import { deprecate } from "./deprecate.js";
import { compileQueryParser } from "./query.js";

export const proto = Object.create(Server.prototype);

proto.defaultConfiguration = function defaultConfiguration() {
  Server.prototype.defaultConfiguration.call(this);
  this.set("query parser", "extended"); // Express 4's default; Express 5's is "simple"
};

// Express 4's "query parser" values (query.js: its "extended" takes arrays of up to 1000 items).
proto.set = function set(setting, value) {
  if (arguments.length === 1) return this.settings[setting];
  Server.prototype.set.call(this, setting, value);
  if (setting === "query parser") this.settings["query parser fn"] = compileQueryParser(value);
  return this;
};

// Express 4 makes its router on first use and keeps it as `_router`, which apps may replace
// or clear (a new one is then made on next use); `app.router` throws.
Object.defineProperty(proto, "_router", {
  configurable: true,
  enumerable: false,
  get() {
    return madeRouterOf(this);
  },
  set(router) {
    setRouterOf(this, router);
  },
});

Object.defineProperty(proto, "router", {
  configurable: true,
  enumerable: true,
  get() {
    throw new Error(
      "'app.router' is deprecated!\nPlease see the 3.x to 4.x migration guide for details on how to update your app.",
    );
  },
});

// Express 4's app router starts with its query parser and expressInit middleware. lib-server
// does their work elsewhere (req.query on first read, a request's set-up as it enters the
// app), so these two only stand in the stack, for code that reads or copies it (the app's own
// layers start at app._router.stack[2], as in Express 4); the walk passes them by.
proto[MAKE_ROUTER] = function makeRouter() {
  const router = Server.prototype[MAKE_ROUTER].call(this);
  router.use(function query(req, res, next) {
    next();
  });
  router.use(function expressInit(req, res, next) {
    next();
  });
  for (const layer of router.stack) layer.inert = true;
  return router;
};

proto.lazyrouter = function lazyrouter() {
  routerOf(this);
};

proto.del = deprecate.function(Server.prototype.delete, "app.del: Use app.delete instead");
