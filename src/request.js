// Express's request API on a real http.IncomingMessage subclass: methods and lazy getters
// live on the prototype, nothing is attached per request.
import { routingPathOf, queryStringOf } from "./url.js";
import { accepts, typeis, proxyaddr, fresh, parseRange, nodeModule, nodeHttp as http } from "./deps.js";

const { isIP } = nodeModule("node:net");

// Declared under Node's name (exported as Request): what V8's messages, loggers and
// util.inspect print of a request is then what they print on Express ("#<IncomingMessage>").
class IncomingMessage extends http.IncomingMessage {
  get(name) {
    if (!name) throw new TypeError("name argument is required to req.get");
    if (typeof name !== "string") throw new TypeError("name must be a string to req.get");
    const lc = name.toLowerCase();
    if (lc === "referer" || lc === "referrer") return this.headers.referrer || this.headers.referer;
    return this.headers[lc];
  }

  header(name) {
    return this.get(name);
  }

  accepts(...types) {
    return accepts()(this).types(...types);
  }

  acceptsEncodings(...encodings) {
    return accepts()(this).encodings(...encodings);
  }

  acceptsCharsets(...charsets) {
    return accepts()(this).charsets(...charsets);
  }

  acceptsLanguages(...languages) {
    return accepts()(this).languages(...languages);
  }

  range(size, options) {
    return rangeOf(this, size, options, parseRange);
  }

  is(...types) {
    return typeis()(this, types.length === 1 && Array.isArray(types[0]) ? types[0] : types);
  }

  // Parsed anew on every read, with the app's parser (a mounted sub-app may have its own),
  // and a getter only, as in Express 5: changes to the object, or assignments (which throw
  // in strict code), do not stick. Object.defineProperty(req, "query", ...) still works.
  get query() {
    const parse = this.app.settings["query parser fn"];
    return parse ? parse(queryStringOf(this.url)) : Object.create(null);
  }

  // Exactly the path the router matches, also for absolute-form (proxy) targets.
  get path() {
    return routingPathOf(this.url);
  }

  get protocol() {
    const proto = this.socket?.encrypted ? "https" : "http";
    const trust = this.app.get("trust proxy fn");
    if (!trust(this.socket?.remoteAddress, 0)) return proto;
    const header = this.get("X-Forwarded-Proto") || proto;
    const comma = header.indexOf(",");
    return comma !== -1 ? header.slice(0, comma).trim() : header.trim();
  }

  get secure() {
    return this.protocol === "https";
  }

  get ip() {
    return proxyaddr()(this, this.app.get("trust proxy fn"));
  }

  get ips() {
    const addresses = proxyaddr().all(this, this.app.get("trust proxy fn"));
    addresses.reverse().pop(); // farthest first, without the socket address
    return addresses;
  }

  get subdomains() {
    const hostname = this.hostname;
    if (!hostname) return [];
    const offset = this.app.get("subdomain offset");
    const parts = isIP(hostname) ? [hostname] : hostname.split(".").reverse();
    return parts.slice(offset);
  }

  get host() {
    const trust = this.app.get("trust proxy fn");
    let value = this.get("X-Forwarded-Host");
    if (!value || !trust(this.socket?.remoteAddress, 0)) value = this.get("Host");
    else if (value.indexOf(",") !== -1) value = value.slice(0, value.indexOf(",")).trimEnd();
    return value || undefined;
  }

  get hostname() {
    return withoutPort(this.host);
  }

  get fresh() {
    return isFresh(this, fresh);
  }

  get stale() {
    return !this.fresh;
  }

  get xhr() {
    const value = this.headers["x-requested-with"] || "";
    return value.toLowerCase() === "xmlhttprequest";
  }
}

/** A Host value's name: without its port, an IPv6 literal kept whole; undefined for none. */
/** req.fresh with `fresh` (the package's function: the Express 4 mode passes fresh 0.5's). */
export function isFresh(req, fresh) {
  const method = req.method;
  if (method !== "GET" && method !== "HEAD" && method !== "QUERY") return false;
  const res = req.res;
  const status = res.statusCode;
  if ((status >= 200 && status < 300) || status === 304) {
    return fresh(req.headers, { etag: res.getHeader("ETag"), "last-modified": res.getHeader("Last-Modified") });
  }
  return false;
}

/** req.range(size, options) with `parseRange` (range-parser's: the Express 4 mode passes 1.2's). */
export function rangeOf(req, size, options, parseRange) {
  const range = req.headers.range;
  if (!range) return undefined;
  return parseRange(size, range, options);
}

export function withoutPort(host) {
  if (!host) return undefined;
  const offset = host[0] === "[" ? host.indexOf("]") + 1 : 0; // IPv6 literal
  const colon = host.indexOf(":", offset);
  return colon !== -1 ? host.slice(0, colon) : host;
}

export { IncomingMessage as Request };
