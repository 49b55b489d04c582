// RFC 9113 §8.2.2: HTTP/2 has no connection-specific header fields; an endpoint must not
// send them. Middleware written for HTTP/1.1 sets them anyway (Connection: close,
// Transfer-Encoding: chunked, Keep-Alive): over HTTP/2 they are dropped, as a proxy
// translating HTTP/1.1 to HTTP/2 drops them, instead of Node's throw or warning.
const CONNECTION_SPECIFIC = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"]);

export const isConnectionSpecific = (name) => typeof name === "string" && CONNECTION_SPECIFIC.has(name.toLowerCase());

/** writeHead's headers (an object, a flat [name, value, ...] list or [[name, value], ...]) without them. */
export function withoutConnectionHeaders(headers) {
  if (headers === null || typeof headers !== "object") return headers;
  if (!Array.isArray(headers)) {
    if (!Object.keys(headers).some(isConnectionSpecific)) return headers;
    const kept = {};
    for (const name of Object.keys(headers)) if (!isConnectionSpecific(name)) kept[name] = headers[name];
    return kept;
  }
  if (headers.length > 0 && Array.isArray(headers[0])) return headers.filter((pair) => !isConnectionSpecific(pair[0]));
  const kept = [];
  for (let i = 0; i < headers.length; i += 2) if (!isConnectionSpecific(headers[i])) kept.push(headers[i], headers[i + 1]);
  return kept;
}
