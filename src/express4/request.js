// The Express 4 mode's request prototype: Express 5's (request.js) plus what Express 4.22's
// request has and Express 5 removed or changed.
import Server from "../application.js";
import { isFresh, rangeOf, Request, withoutPort } from "../request.js";
import { depd } from "./deprecate.js";
import { extensionType } from "./mime.js";
import { parseQuery } from "./query.js";
import { fresh05, parseRange12, parseurl } from "../deps.js";

const deprecate = depd("express"); // here: depd blames the caller of this module's functions

const base = Request.prototype;
const hostHeader = Object.getOwnPropertyDescriptor(base, "host").get; // Express 5's req.host, with the port

export const request = Object.create(Server.request);

request.acceptsEncoding = deprecate.function(
  base.acceptsEncodings,
  "req.acceptsEncoding: Use acceptsEncodings instead",
);
request.acceptsCharset = deprecate.function(base.acceptsCharsets, "req.acceptsCharset: Use acceptsCharsets instead");
request.acceptsLanguage = deprecate.function(
  base.acceptsLanguages,
  "req.acceptsLanguage: Use acceptsLanguages instead",
);

// Extensions ("js") name types as accepts 1.3 and type-is 1.6 map them (mime-types 2.1:
// application/javascript); the answer is the extension, as there.
request.accepts = function accepts(types_) {
  const types = !types_ || Array.isArray(types_) ? types_ : Array.from(arguments);
  if (!types || types.length === 0 || !this.headers.accept) return base.accepts.call(this, types);
  const mimes = types.map((type) => (type.indexOf("/") === -1 ? extensionType(type) : type));
  const known = mimes.filter((type) => type !== false);
  const best = known.length !== 0 && base.accepts.call(this, known);
  return best ? types[mimes.indexOf(best)] : false;
};

// range-parser 1.2, Express 4's: a malformed range is unsatisfiable (-1), not -2.
request.range = function range(size, options) {
  return rangeOf(this, size, options, parseRange12);
};

request.is = function is(types_) {
  const types = Array.isArray(types_) ? types_ : Array.from(arguments);
  const actual = base.is.call(this, []); // null without a body, false without a valid Content-Type
  if (!actual || types.length === 0) return actual;
  for (const type of types) {
    if (typeof type !== "string") continue;
    const named = type.indexOf("/") === -1 && type[0] !== "+" && type !== "urlencoded" && type !== "multipart";
    const mapped = named ? extensionType(type) : type;
    if (mapped === false) continue;
    const match = base.is.call(this, [mapped]);
    if (match) return named ? type : match;
  }
  return false;
};

request.param = function param(name, defaultValue) {
  const params = this.params || {};
  const body = this.body || {};
  const query = this.query || {};
  deprecate(
    `req.param(${arguments.length === 1 ? "name" : "name, default"}): Use req.params, req.body, or req.query instead`,
  );
  if (params[name] != null && Object.hasOwn(params, name)) return params[name];
  if (body[name] != null) return body[name];
  if (query[name] != null) return query[name];
  return defaultValue;
};

// Express 4's req.host is the hostname (no port), deprecated; req.hostname reads the header itself.
defineGetter("hostname", function hostname() {
  return withoutPort(hostHeader.call(this));
});
defineGetter(
  "host",
  deprecate.function(function host() {
    return this.hostname;
  }, "req.host: Use req.hostname instead"),
);

// fresh 0.5, Express 4's: If-Modified-Since counts beside a matching If-None-Match, and
// If-None-Match: * alone is no match.
defineGetter("fresh", function fresh() {
  return isFresh(this, fresh05);
});

// An own data property once read or assigned, as Express 4's middleware leaves it.
Object.defineProperty(request, "query", {
  configurable: true,
  enumerable: true,
  get() {
    return ownQuery(this, parseQuery(this));
  },
  set(value) {
    ownQuery(this, value);
  },
});

// parseurl's cache of the request's URL, which Express 4's router refreshes for each layer (its
// pathname, search...): node-red's and express-gateway's middleware read it. Parsed here on
// first read for the URL the request has then (again once req.url changed), by parseurl
// itself on a URL-only object, as parseurl reads req._parsedUrl as its cache: middleware that
// calls parseurl(req) finds it fresh; one it stores is kept while req.url is its `_raw`.
const PARSED_URL = Symbol("lib-server.parsedUrl");
Object.defineProperty(request, "_parsedUrl", {
  configurable: true,
  enumerable: false,
  get() {
    const url = this.url;
    const parsed = this[PARSED_URL];
    if (parsed !== undefined && parsed._raw === url) return parsed;
    return (this[PARSED_URL] = url === undefined ? undefined : parseurl()({ url }));
  },
  set(value) {
    this[PARSED_URL] = value;
  },
});

function ownQuery(req, value) {
  Object.defineProperty(req, "query", { value, writable: true, enumerable: true, configurable: true });
  return value;
}

function defineGetter(name, get) {
  Object.defineProperty(request, name, { configurable: true, enumerable: true, get });
}
