// Compiles the app settings that hold behaviour ("etag", "query parser", "trust proxy")
// into the functions the request/response code calls, once, at app.set() time.
import { qs, proxyaddr, parseQuery, nodeCrypto, nodeQuerystring } from "./deps.js";

export function compileETag(value) {
  if (typeof value === "function") return value;
  switch (value) {
    case true:
    case "weak":
      return weakETag;
    case "strong":
      return strongETag;
    case false:
      return undefined;
    default:
      throw new TypeError(`unknown value for etag function: ${value}`);
  }
}

export function compileQueryParser(value) {
  if (typeof value === "function") return value;
  switch (value) {
    case true:
    case "simple":
      return parseSimpleQuery;
    case false:
      return undefined;
    case "extended":
      // Express's settings; qs itself drops "__proto__" keys, so nothing is polluted.
      return (str) => qs().parse(str, { allowPrototypes: true });
    default:
      throw new TypeError(`unknown value for query parser function: ${value}`);
  }
}

// Parsers receive null when the URL has no query string, as in Express. Like
// node:querystring (Express's "simple" parser), only the first 1000 pairs count.
const MAX_PAIRS = 1000;
const parseSimpleQuery = (str) => {
  if (str === null) return parseQuery("");
  const parsed = parseQuery(firstPairs(str));
  // fast-querystring leaves a key or value with a malformed escape ("%E9", "%zz") as sent,
  // valid escapes next to it included; node:querystring, Express's parser, decodes what it
  // can and puts U+FFFD for the rest. Such strings take Express's parser.
  return str.includes("%") && hasUndecoded(parsed) ? nodeQuerystring().parse(str) : parsed;
};

function firstPairs(str) {
  if (str.length < MAX_PAIRS) return str;
  let cut = -1;
  for (let pairs = 0; pairs < MAX_PAIRS; pairs++) {
    cut = str.indexOf("&", cut + 1);
    if (cut === -1) return str;
  }
  return str.slice(0, cut);
}

// Whether a "%" survived decoding (rarely a decoded "%25": parsing again gives the same).
function hasUndecoded(parsed) {
  for (const key in parsed) {
    if (key.includes("%")) return true;
    const value = parsed[key];
    if (typeof value === "string" ? value.includes("%") : value.some((item) => item.includes("%"))) return true;
  }
  return false;
}

export function compileTrust(value) {
  if (typeof value === "function") return value;
  if (value === true) return () => true;
  if (value === false || value == null) return () => false; // the default: no proxy-addr needed
  if (typeof value === "number") return (address, hop) => hop < value;
  const list = typeof value === "string" ? value.split(",").map((v) => v.trim()) : value || [];
  return proxyaddr().compile(list);
}

// The `etag` package's format ('"<length hex>-<sha1 base64, 27 chars>"'), computed with the
// one-shot crypto.hash: three times faster on small bodies, and it takes strings as they are.
// res.send passes the body's byte length it already has.
const byteLength = (body) => (typeof body === "string" ? Buffer.byteLength(body) : body.length);
const digest = (body) => nodeCrypto().hash("sha1", body, "base64").slice(0, 27);
const weakETag = (body, encoding, length = byteLength(body)) => `W/"${length.toString(16)}-${digest(body)}"`;
const strongETag = (body, encoding, length = byteLength(body)) => `"${length.toString(16)}-${digest(body)}"`;
weakETag.takesStrings = strongETag.takesStrings = true;
// Their values are always valid header values (res.send stores them without setHeader's check).
export const builtinETags = new Set([weakETag, strongETag]);
