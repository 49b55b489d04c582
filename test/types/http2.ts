// Type test of HTTP/2 (compiled by `tsc -p test/types` in `npm test`): listen's http2
// options and the servers they return, the app as a node:http2 request listener, the limits.
import http from "node:http";
import http2 from "node:http2";
import Server, { cluster, type Http2ListenOptions } from "lib-server";

const app = new Server({
  http2MaxConcurrentStreams: 200,
  http2IdleTimeout: 30_000,
  http2MaxSessionMemory: 20,
  http2MaxHeaderListPairs: 64,
});
declare const key: Buffer;
declare const cert: Buffer;

// With a certificate: Node's secure HTTP/2 server; without: the http.Server (h2c too).
const secure: http2.Http2SecureServer = app.listen({ port: 443, http2: true, key, cert, minVersion: "TLSv1.2" });
const h2c: http.Server = app.listen({ port: 8080, host: "::", http2: true, gracefulShutdown: true }, (err) => void err);
const options: Http2ListenOptions = { port: 0, http2: true, pfx: Buffer.alloc(0), passphrase: "x" };
const fromPfx: http2.Http2SecureServer = app.listen(options as Http2ListenOptions & { pfx: Buffer });
void [secure, h2c, fromPfx];

// Wired by hand: the app is an HTTP/2 request listener.
http2.createSecureServer({ allowHTTP1: true, key, cert }, app).listen(8443);
http2.createServer(app).listen(8081);
const server = http2.createServer();
server.on("request", app);

void cluster(() => app, { port: 443, http2: true, key, cert });

// @ts-expect-error -- without a certificate there is no TLS server
const notSecure: http2.Http2SecureServer = app.listen({ port: 0, http2: true });
void notSecure;
// @ts-expect-error -- the limit is a number
void new Server({ http2MaxConcurrentStreams: "100" });
