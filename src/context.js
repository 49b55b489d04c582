// The object every compose() step receives. One is built per request, so it
// only stores references; everything else lives on the prototype and reads
// through to req/res when asked.

// Where compose() keeps the Express `next` of the request (for failures that
// surface after the chain has stopped, like a returned stream erroring).
export const NEXT = Symbol("lib-server.compose.next");

export class Context {
  constructor(req, res, next) {
    this.req = req;
    this.res = res;
    this[NEXT] = next;
    // Most chains never touch state: allocate it on first read only.
    this._state = undefined;
  }

  get params() {
    return this.req.params;
  }

  get query() {
    return this.req.query;
  }

  get body() {
    return this.req.body;
  }

  get state() {
    return (this._state ??= {});
  }

  set state(value) {
    this._state = value;
  }

  // Request header, case-insensitive, with Express's referer/referrer alias.
  get(name) {
    if (typeof name !== "string") throw new TypeError("ctx.get(name): name must be a string");
    const key = name.toLowerCase();
    const headers = this.req.headers;
    if (key === "referer" || key === "referrer") return headers.referrer || headers.referer;
    return headers[key];
  }

  // Response helpers: delegate to res and return the context for chaining.
  // Returning the context from a step counts as "nothing to send".
  status(code) {
    this.res.status(code);
    return this;
  }

  set(name, value) {
    this.res.set(name, value);
    return this;
  }

  type(type) {
    this.res.type(type);
    return this;
  }

  json(body) {
    this.res.json(body);
    return this;
  }

  send(body) {
    this.res.send(body);
    return this;
  }

  redirect(statusOrUrl, url) {
    if (url === undefined) this.res.redirect(statusOrUrl);
    else this.res.redirect(statusOrUrl, url);
    return this;
  }
}
