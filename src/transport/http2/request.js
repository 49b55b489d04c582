// The base of every app's HTTP/2 request prototype: Node's compat request, with the
// header view an Express app expects (RFC 9113 §8.3.1, as a gateway to HTTP/1.1 does).
import { nodeModule } from "../../deps.js";

const { Http2ServerRequest: NodeHttp2ServerRequest } = nodeModule("node:http2");
const HEADERS = Symbol("lib-server.http1Headers");
const RAW_HEADERS = Symbol("lib-server.http1RawHeaders");

// Declared under Node's name, as request.js declares its class.
export class Http2ServerRequest extends NodeHttp2ServerRequest {
  // Without the pseudo-headers (":method", ":path", ...): middleware copies req.headers
  // into HTTP/1.1 requests (proxies) or iterates it expecting field names, and the values
  // are req.method, req.url, req.authority and req.scheme anyway. `host` is :authority, so
  // req.get("host"), req.host and req.hostname work (RFC 9113 §8.3.1: what an intermediary
  // to HTTP/1.1 does), even when the client sent a Host that differs: :authority is the
  // target's authority, and over HTTP/1.1 a server MUST ignore Host when the target has one
  // (RFC 9112 §3.2.2). req.authority (Node's) is :authority too, so no check in the app (a
  // vhost guard on req.hostname) sees another host than the one the request was routed by.
  // nginx answers such a request 400 instead; that needs a check before the app on every
  // HTTP/2 request, where this view is the one place every server an app runs on
  // (http2.createServer(app) too) goes through, only when asked.
  get headers() {
    return (this[HEADERS] ??= http1Headers(super.headers, this.stream));
  }

  set headers(value) {
    this[HEADERS] = value;
  }

  get rawHeaders() {
    return (this[RAW_HEADERS] ??= http1RawHeaders(super.rawHeaders, this.headers.host));
  }

  set rawHeaders(value) {
    this[RAW_HEADERS] = value;
  }
}

// A request with a body but no Content-Length (HTTP/2 frames bodies itself; the HEADERS
// frame without END_STREAM announces one) gets "Transfer-Encoding: chunked", as a gateway
// to HTTP/1.1 would send it: that is how body parsers, type-is and multer tell a body is there.
function http1Headers(headers, stream) {
  const view = {};
  for (const name of Object.keys(headers)) if (name.charCodeAt(0) !== 58) view[name] = headers[name]; // ":"
  const authority = headers[":authority"];
  if (authority !== undefined) view.host = authority;
  if (stream?.endAfterHeaders === false && view["content-length"] === undefined) view["transfer-encoding"] = "chunked";
  return view;
}

// The same host as the view's, first, in place of any the client sent (HTTP/2 field names
// arrive lower-cased: nghttp2 refuses others).
function http1RawHeaders(raw, host) {
  const list = host === undefined ? [] : ["host", host];
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i].charCodeAt(0) !== 58 && raw[i] !== "host") list.push(raw[i], raw[i + 1]); // ":"
  }
  return list;
}
