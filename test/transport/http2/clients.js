// One lib-server app served by `app.listen({ http2: true })`, over TLS (h2 and HTTP/1.1
// through ALPN) or without (h2c with prior knowledge and HTTP/1.1), and a client for each
// protocol on that very port: Node's http2 client, and node:http / node:https pinned to
// HTTP/1.1. Every client answers { status, headers, body (Buffer), text }.
import http from "node:http";
import https from "node:https";
import http2 from "node:http2";
import Server from "../../../src/index.js";
import { listenHttp2, testCertificate } from "../../helpers/http2.js";

export const HOST = "127.0.0.1";
export const TRANSPORTS = ["tls", "h2c"];

/**
 * Builds a fresh lib-server app with `build(app, Server)` and listens with http2 on, over
 * `transport` "tls" or "h2c". Resolves to { app, context (what build returned), base,
 * h1(req), h2(req), close() }; h2 requests share one session, closed by close().
 */
export async function serveBoth(build, transport) {
  const app = new Server();
  app.set("env", "production");
  const context = await build(app, Server);
  const { port } = await listenHttp2(app, transport === "tls" ? testCertificate() : {});
  const base = `${transport === "tls" ? "https" : "http"}://${HOST}:${port}`;
  let session = null;
  const sessionFor = () => {
    if (!session || session.closed || session.destroyed) {
      session = http2.connect(base, { rejectUnauthorized: false });
      session.on("error", () => {}); // surfaces on the request that hit it
    }
    return session;
  };
  return {
    app,
    context,
    base,
    h1: (req, onResponse) => requestH1(base, req, onResponse),
    h2: (req, onResponse) => requestH2(sessionFor(), req, onResponse),
    close: async () => {
      session?.close();
      await app.close();
    },
  };
}

const normalize = (req) => (typeof req === "string" ? { path: req } : req);

/**
 * One HTTP/1.1 request on a fresh connection (https: ALPN offers http/1.1 only);
 * `onResponse(res)` sees the response before its body is read.
 */
export function requestH1(base, req, onResponse) {
  const { method = "GET", path = "/", headers = {}, body, timeout = 10_000 } = normalize(req);
  const url = new URL(path, base);
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const options = {
      method,
      headers: withLength(headers, body),
      agent: false,
      rejectUnauthorized: false,
      ALPNProtocols: ["http/1.1"],
    };
    const client = transport.request(url, options, (res) => {
      onResponse?.(res);
      collect(res).then((bytes) => resolve(answer(res.statusCode, res.headers, bytes)), reject);
    });
    client.setTimeout(timeout, () => client.destroy(new Error(`${method} ${path} timed out`)));
    client.on("error", reject);
    client.end(body);
  });
}

/** One request on an HTTP/2 session; `onResponse(stream)` sees the stream before its body is read. */
export function requestH2(session, req, onResponse) {
  const { method = "GET", path = "/", headers = {}, body, timeout = 10_000 } = normalize(req);
  return new Promise((resolve, reject) => {
    const stream = session.request({ ":method": method, ":path": path, ...withLength(headers, body) });
    stream.setTimeout(timeout, () => stream.close(http2.constants.NGHTTP2_CANCEL));
    stream.on("error", reject);
    stream.on("close", () => {
      if (stream.rstCode) reject(new Error(`${method} ${path}: stream reset with code ${stream.rstCode}`));
    });
    stream.once("response", (responseHeaders) => {
      onResponse?.(stream);
      collect(stream).then((bytes) => {
        const { ":status": status, ...rest } = responseHeaders;
        resolve(answer(status, rest, bytes));
      }, reject);
    });
    stream.end(body);
  });
}

function withLength(headers, body) {
  if (body === undefined || Object.keys(headers).some((name) => name.toLowerCase() === "content-length"))
    return headers;
  return { ...headers, "content-length": Buffer.byteLength(body) };
}

function collect(readable) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    readable.on("data", (chunk) => chunks.push(chunk));
    readable.once("end", () => resolve(Buffer.concat(chunks)));
    readable.once("error", reject);
  });
}

function answer(status, headers, body) {
  return { status, headers, body, text: body.toString() };
}

// Hop-by-hop headers (RFC 9113 §8.2.2: HTTP/2 has none) and the clock: what may differ
// between the same answer over HTTP/1.1 and over h2.
const PER_CONNECTION = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "upgrade",
  "proxy-connection",
  "date",
]);

/** An answer as the two protocols must agree on it: status, end-to-end headers, body. */
export function comparable(response) {
  const headers = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (!PER_CONNECTION.has(name)) headers[name] = value;
  }
  // Node's http2 never sends Content-Length with a 204 (RFC 9110 §8.6 forbids it; Node's
  // HTTP/1.1 sends what the app set, as cors's "Content-Length: 0").
  if (response.status === 204) delete headers["content-length"];
  return { status: response.status, headers, body: response.text };
}
