// Third-party CommonJS dependencies, loaded with require(): importing a CommonJS package
// from an ES module costs the loader twice as much (about 25 ms at start-up for these).
//
// Some load on first use. mime-types (its whole database, also behind accepts and
// type-is), qs and iconv-lite cost ~40 ms of start-up together, find-my-way ~9 ms, and the body-parser,
// static-file and cluster modules are some 30 files for the loader; a hello-world service
// needs none of them: cold start should not pay for what a request never calls.
// (Our own ES modules load through require() too, which Node supports from 20.19.)
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

function lazy(id) {
  let loaded;
  return () => (loaded ??= require(id));
}

// These load on first call, behind wrappers of the same shape (callers need not know): a
// hello world calls none of them, and they were ~5 ms of start-up, plus the CommonJS
// loader's own, which start-up now never touches.
const encodeurl = lazy("encodeurl");
const escapes = lazy("escape-html");
const freshness = lazy("fresh");
const statusCodes = lazy("statuses");
const varies = lazy("vary");
export const encodeUrl = (url) => encodeurl()(url);
export const escapeHtml = (string) => escapes()(string);
export const fresh = (reqHeaders, resHeaders) => freshness()(reqHeaders, resHeaders);
export const statuses = {
  get message() {
    return statusCodes().message;
  },
};
export const vary = (res, field) => varies()(res, field);
const querystring = lazy("fast-querystring");
const dispositions = lazy("content-disposition");
const contentTypes = lazy("content-type");
const cookies = lazy("cookie");
const cookieSignature = lazy("cookie-signature");
const rangeParser = lazy("range-parser");
export const parseQuery = (str) => querystring().parse(str);
export const contentDisposition = {
  create: (filename, options) => dispositions().create(filename, options),
  parse: (string) => dispositions().parse(string),
};
export const contentType = {
  parse: (string, options) => contentTypes().parse(string, options),
  format: (object) => contentTypes().format(object),
};
// cookie 0.7, Express 5's own: the same checks and errors for names, values and options.
export const serializeCookie = (name, value, options) => cookies().serialize(name, value, options);
export const signCookie = (value, secret) => cookieSignature().sign(value, secret);
export const parseRange = (size, header, options) => rangeParser()(size, header, options);

export const mimeTypes = lazy("mime-types");
export const findMyWay = lazy("find-my-way"); // for routers of more than a few routes
export const pathToRegexp = lazy("path-to-regexp"); // parses route patterns, at registration
export const qs = lazy("qs");
export const accepts = lazy("accepts");
export const typeis = lazy("type-is");
export const iconv = lazy("iconv-lite");
export const proxyaddr = lazy("proxy-addr");
export const bodyParsers = lazy("./body/index.js");
export const staticFiles = lazy("./static/index.js");
export const fileSender = lazy("./static/send-file.js");
export const multiCore = lazy("./cluster.js");
export const clientErrors = lazy("./client-error.js"); // on the first malformed request
export const shutdown = lazy("./shutdown.js"); // on app.close()

// Node's own modules, for those whose ES import costs start-up and memory: importing a
// built-in evaluates all its exports, getters included (node:fs's promises loads readline,
// node:util's MIMEType and parseArgs, node:crypto's webcrypto, node:net's BlockList), about
// 25 internal modules a server never uses. require() returns the module without them.
export const nodeModule = (id) => require(id);
export const nodeCrypto = lazy("node:crypto"); // for the built-in ETags' hash, on the first one
export const nodeQuerystring = lazy("node:querystring"); // for query strings with malformed escapes
