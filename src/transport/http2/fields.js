// What HTTP/2 carries of the header fields an HTTP/1.1 app gives a response or its trailers.
// Node's http2 checks them only as they go out (mapToHeaders) and throws there: in the app's
// res.end, again in the final handler's error page, which keeps them, and in a callback, where
// the throw ends the process. So each rule applies where a field is set, and what a response
// holds is always what HTTP/2 can send.

// RFC 9113 §8.2.2: an HTTP/2 message carries no connection-specific field. Middleware written
// for HTTP/1.1 sets them anyway (Connection: close, Transfer-Encoding: chunked, Keep-Alive):
// dropped, as a proxy translating HTTP/1.1 to HTTP/2 drops them. TE too: §8.2.2 lets a
// request carry "TE: trailers", a response none (TE is a request field, RFC 9110 §10.1.4).
export const DROPPED = new Set([
  "connection",
  "http2-settings",
  "keep-alive",
  "proxy-connection",
  "te",
  "transfer-encoding",
  "upgrade",
]);

// The fields Node's http2 sends once at most (lib/internal/http2/util.js, kSingleValueFields,
// less the pseudo-headers). Given several values (res.append("Location", ...) twice,
// setHeader("ETag", [a, b])), HTTP/1.1 sends them all and Node's HTTP/1.1 and HTTP/2 clients
// keep the first: so the first is the one sent.
export const SINGLE_VALUE = new Set([
  "access-control-allow-credentials",
  "access-control-max-age",
  "access-control-request-method",
  "age",
  "authorization",
  "content-encoding",
  "content-language",
  "content-length",
  "content-location",
  "content-md5",
  "content-range",
  "content-type",
  "date",
  "dnt",
  "etag",
  "expires",
  "from",
  "host",
  "if-match",
  "if-modified-since",
  "if-none-match",
  "if-range",
  "if-unmodified-since",
  "last-modified",
  "location",
  "max-forwards",
  "proxy-authorization",
  "range",
  "referer",
  "retry-after",
  "tk",
  "upgrade-insecure-requests",
  "user-agent",
  "x-content-type-options",
]);

/**
 * The key Node's compat response stores a field under (trimmed, lower-cased); anything but
 * a string as it is, for Node's own TypeError. A pseudo-header is refused here, as Node
 * refuses ":status" (":protocol" and trailers' would only throw as they go out).
 */
export function fieldKey(name) {
  if (typeof name !== "string") return name;
  const key = name.trim().toLowerCase();
  if (key.charCodeAt(0) === 58) throw pseudoHeaderRefused(); // ":"
  return key;
}

/** The value HTTP/2 sends for a field set to `value`: the first of several for a single-value field. */
export const carriedValue = (key, value) =>
  Array.isArray(value) && value.length > 1 && SINGLE_VALUE.has(key) ? value[0] : value;

function pseudoHeaderRefused() {
  const error = new TypeError("Cannot set HTTP/2 pseudo-headers");
  error.code = "ERR_HTTP2_PSEUDOHEADER_NOT_ALLOWED";
  return error;
}
