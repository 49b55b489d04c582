// Third-party CommonJS dependencies, loaded with require(): importing a CommonJS package
// from an ES module costs the loader about twice as much (benchmarks/NOTES.md, "Figures
// behind comments in the source").
//
// Some load on first use. mime-types (its whole database, also behind accepts and
// type-is), qs, iconv-lite and find-my-way are the slowest to load; a hello-world service
// needs none of them: cold start should not pay for what a request never calls. Our own
// modules that a request may never use (body parsers, static files, HTTP/2, shutdown, ...)
// load on first use too, each from the module that needs it, through lazy() below and a
// require() of its own (ES modules load through require() from Node 20.19): this module
// imports nothing of ours, so nothing imports its way back to itself through it.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * A loader that calls `load` once, on first use: `lazy(() => require("x"))`. Each loader
 * names its module in a require() call of its own, a plain string, so that a bundler
 * (scripts/build-cjs.js, or an app's) sees what it loads.
 */
export function lazy(load) {
  let loaded;
  return () => (loaded ??= load());
}

// These load on first call, behind wrappers of the same shape (callers need not know): a
// hello world calls none of them, and start-up then never touches the CommonJS loader.
const encodeurl = lazy(() => require("encodeurl"));
const escapes = lazy(() => require("escape-html"));
const freshness = lazy(() => require("fresh"));
const freshness05 = lazy(() => require("fresh-0.5")); // Express 4's, for the Express 4 mode
const statusCodes = lazy(() => require("statuses"));
const varies = lazy(() => require("vary"));
export const encodeUrl = (url) => encodeurl()(url);
export const escapeHtml = (string) => escapes()(string);
export const fresh = (reqHeaders, resHeaders) => freshness()(reqHeaders, resHeaders);
export const fresh05 = (reqHeaders, resHeaders) => freshness05()(reqHeaders, resHeaders);
export const statuses = {
  get message() {
    return statusCodes().message;
  },
};
export const vary = (res, field) => varies()(res, field);
const querystring = lazy(() => require("fast-querystring"));
const dispositions = lazy(() => require("content-disposition"));
const contentTypes = lazy(() => require("content-type"));
const contentTypes10 = lazy(() => require("content-type-1.0")); // Express 4's, for the Express 4 mode
const cookies = lazy(() => require("cookie"));
const cookieSignature = lazy(() => require("cookie-signature"));
const rangeParser = lazy(() => require("range-parser"));
const rangeParser12 = lazy(() => require("range-parser-1.2")); // Express 4's, for the Express 4 mode
export const parseQuery = (str) => querystring().parse(str);
export const contentDisposition = {
  create: (filename, options) => dispositions().create(filename, options),
  parse: (string) => dispositions().parse(string),
};
export const contentType = {
  parse: (string, options) => contentTypes().parse(string, options),
  format: (object) => contentTypes().format(object),
};
export const contentType10 = {
  parse: (string) => contentTypes10().parse(string),
  format: (object) => contentTypes10().format(object),
};
// cookie 0.7, Express 5's own: the same checks and errors for names, values and options.
export const serializeCookie = (name, value, options) => cookies().serialize(name, value, options);
export const signCookie = (value, secret) => cookieSignature().sign(value, secret);
export const parseRange = (size, header, options) => rangeParser()(size, header, options);
export const parseRange12 = (size, header, options) => rangeParser12()(size, header, options);

export const mimeTypes = lazy(() => require("mime-types"));
export const findMyWay = lazy(() => require("find-my-way")); // for routers of more than a few routes
export const pathToRegexp = lazy(() => require("path-to-regexp")); // parses route patterns, at registration
export const pathToRegexp01 = lazy(() => require("path-to-regexp-0.1")); // Express 4's, for the Express 4 mode
export const qs = lazy(() => require("qs"));
export const accepts = lazy(() => require("accepts"));
export const typeis = lazy(() => require("type-is"));
export const iconv = lazy(() => require("iconv-lite"));
export const proxyaddr = lazy(() => require("proxy-addr"));
export const parseurl = lazy(() => require("parseurl")); // the Express 4 mode's req._parsedUrl

// Node's own modules, for those whose ES import costs start-up and memory: importing a
// built-in evaluates all its exports, getters included (node:fs's promises loads readline,
// node:util's MIMEType and parseArgs, node:crypto's webcrypto, node:net's BlockList), about
// 25 internal modules a server never uses; from Node 22 on, node:http's WebSocket,
// CloseEvent and MessageEvent load all of undici (benchmarks/NOTES.md, "Cold start and RSS:
// node:http without its ES namespace"). require()
// returns the module without them.
// process.getBuiltinModule rather than require(id): a bundler cannot follow a require() of a
// variable, and would leave one that fails at run time.
export const nodeModule = (id) => process.getBuiltinModule(id);
// node:http through require(), never an ES import: APM agents (OpenTelemetry's
// instrumentation-http, Datadog, New Relic, Sentry) patch it from a require-in-the-middle hook
// that fires on Module.prototype.require (and, from version 8, process.getBuiltinModule); an
// ES import of a built-in goes around both, so an app whose only user of node:http is
// lib-server got no HTTP spans under a `node --require` preload. A require() reaches every
// version of that hook, once, at load: nothing per request.
export const nodeHttp = require("node:http");
export const nodeCrypto = lazy(() => require("node:crypto")); // for the built-in ETags' hash, on the first one
export const nodeQuerystring = lazy(() => require("node:querystring")); // for query strings with malformed escapes
