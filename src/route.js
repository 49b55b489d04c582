// A route: one path with handlers per HTTP method, as `app.route(path)` returns it.
import { METHODS } from "node:http";

export const methods = METHODS.map((m) => m.toLowerCase());
// "GET" → "get" without allocating a new string per request.
const LOWERCASE = Object.fromEntries(METHODS.map((m) => [m, m.toLowerCase()]));
export const lowercaseMethod = (method) => LOWERCASE[method] ?? method.toLowerCase();

export class Route {
  constructor(path) {
    this.path = path;
    this.stack = []; // { method: lowercase name or undefined for all(), handle }
    this.methods = Object.create(null);
  }

  handlesMethod(method) {
    if (this.methods._all) return true;
    let name = lowercaseMethod(method);
    if (name === "head" && !this.methods.head) name = "get";
    return Boolean(this.methods[name]);
  }

  /** Methods for an automatic OPTIONS answer, HEAD implied by GET. */
  allowedMethods() {
    const list = Object.keys(this.methods)
      .filter((m) => m !== "_all")
      .map((m) => m.toUpperCase());
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
      this.stack.push({ method, handle: fn });
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
