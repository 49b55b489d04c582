// Express 4's Route (its lib/router/route.js): Express 5's dispatch, with Express 4's
// `methods` object, `_handles_method` / `_options`, stack layers and argument errors.
import { Route as BaseRoute, methods } from "../router/route.js";
import { Layer } from "./layer.js";

export class Route extends BaseRoute {
  constructor(path) {
    super(path);
    this.methods = {};
  }

  _handles_method(method) {
    return this._handlesMethod(method);
  }

  /** The route's methods in upper case, HEAD implied by GET (Express 4 lists `_all` too). */
  _options() {
    const list = Object.keys(this.methods);
    if (this.methods.get && !this.methods.head) list.push("head");
    return list.map((method) => method.toUpperCase());
  }

  dispatch(req, res, done) {
    if (this.stack.length === 0) return done(); // Express 4 leaves req.route alone then
    super.dispatch(req, res, done);
  }

  all(...handlers) {
    return addHandlers(this, undefined, handlers);
  }

  static {
    for (const method of methods) {
      this.prototype[method] = function addMethodHandlers(...handlers) {
        return addHandlers(this, method, handlers);
      };
    }
  }
}

// Express 4 takes no handler at all without complaint; a non-function is a TypeError for
// all(), an Error for a method, both naming what was given as Object.prototype.toString does.
function addHandlers(route, method, handlers) {
  for (const handle of handlers.flat(Infinity)) {
    if (typeof handle !== "function") {
      const message = `Route.${method ?? "all"}() requires a callback function but got a ${Object.prototype.toString.call(handle)}`;
      throw method === undefined ? new TypeError(message) : new Error(message);
    }
    const layer = Layer("/", {}, handle);
    layer.method = method;
    route.methods[method ?? "_all"] = true;
    route.stack.push(layer);
  }
  return route;
}
