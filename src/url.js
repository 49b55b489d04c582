// The parts of a request target, as Express's parseurl reads them: the pathname ends at
// "?" or "#", the query string runs from "?" to "#" (a fragment is never part of either).
// Every module takes paths from here, so the router, req.path, static files and the final
// handler all see the same path for the same target.

/** The pathname of an origin-form target ("/a/b?c" → "/a/b"). */
function pathnameOf(url) {
  let end = url.indexOf("?");
  const hash = url.indexOf("#");
  if (hash !== -1 && (end === -1 || hash < end)) end = hash;
  return end === -1 ? url : url.slice(0, end);
}

/**
 * The path routes match and `req.path` returns, for any target: the pathname, or for an
 * absolute-form target (a proxy request) the path after its authority, read as Node's
 * legacy url.parse (which parseurl uses) reads it: "\" becomes "/", "." and ".." segments
 * are kept as sent, and no path at all is "/". Undefined when there is no target.
 */
export function routingPathOf(url) {
  if (typeof url !== "string" || url.length === 0) return undefined;
  if (url.charCodeAt(0) === 47) {
    if (url.indexOf("#") === -1) {
      const q = url.indexOf("?");
      return q === -1 ? url : url.slice(0, q);
    }
    // A "#" makes parseurl read even an origin-form target with url.parse: "/a\\b{#f" → "/a/b%7B".
    return pathnameOf(url).replaceAll("\\", "/").replace(UNSAFE_IN_PATH, escapeChar);
  }
  const target = pathnameOf(url).replaceAll("\\", "/");
  const scheme = target.indexOf("://");
  if (scheme === -1) return target; // "*" (OPTIONS *) or a relative target: as sent
  const slash = target.indexOf("/", scheme + 3);
  return slash === -1 ? "/" : target.slice(slash).replace(UNSAFE_IN_PATH, escapeChar);
}

// Characters url.parse percent-encodes in a path.
const UNSAFE_IN_PATH = /["'<>^`{|}]/g;
const escapeChar = (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase();

/**
 * "http://host" of an absolute-form target, which mounting keeps in front of req.url; ""
 * for origin-form targets and for an authority with no path after it (as router 2 does).
 */
export function protohostOf(url) {
  if (url.length === 0 || url.charCodeAt(0) === 47) return "";
  const q = url.indexOf("?");
  const pathLength = q === -1 ? url.length : q;
  const fqdn = url.slice(0, pathLength).indexOf("://");
  if (fqdn === -1) return "";
  const slash = url.indexOf("/", 3 + fqdn);
  return slash === -1 ? "" : url.slice(0, slash);
}

/** The query string without "?", or null when there is none. */
export function queryStringOf(url) {
  const q = url.indexOf("?");
  const hash = url.indexOf("#");
  if (q === -1 || (hash !== -1 && hash < q)) return null;
  return hash === -1 ? url.slice(q + 1) : url.slice(q + 1, hash);
}
