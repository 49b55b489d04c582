// The server an app listens on, and its graceful close. HTTP/1.1 on Node's http.Server by
// default; `listen({ http2: true, ... })` HTTP/2 and HTTP/1.1 on one port (http2/server.js):
// over TLS with ALPN when given a certificate, h2c (prior knowledge) beside HTTP/1.1 otherwise.
import { nodeHttp as http } from "../deps.js";
import { http2Classes, requestClass, responseClass } from "./classes.js";
import { clientErrors, http2Support, shutdown } from "./loaders.js";
import { closeServerOnSignals } from "./signals.js";

// What an HTTP/2 server of listen() keeps for its graceful close: the HTTP/2 sessions, the
// HTTP/1.1 sockets (over TLS), the accepted and the still opening connections.
const http2Connections = new WeakMap();

/** app.listen(...args): Node's server.listen arguments, or one options object with ours. */
export function listenServer(app, args) {
  const options = args[0] !== null && typeof args[0] === "object" ? args[0] : null;
  let server;
  if (options?.http2) {
    const { listenOptions, tls } = splitHttp2Options(options);
    args[0] = listenOptions;
    server = createHttp2Server(app, tls);
  } else {
    server = createHttpServer(app);
  }
  app.server = server;
  // As in Express: a listen callback also hears a failure to listen (EADDRINUSE, ...).
  const callback = args[args.length - 1];
  if (typeof callback === "function") {
    const once = (err) => {
      server.off("error", once);
      server.off("listening", once);
      callback(err?.code ? err : undefined);
    };
    args[args.length - 1] = once;
    server.once("error", once);
  }
  if (options?.gracefulShutdown) {
    const { gracefulShutdown, ...listenOptions } = args[0];
    args[0] = listenOptions;
    closeServerOnSignals(app);
  }
  return server.listen(...args);
}

/** Graceful close of the server listen() made: in-flight requests finish first (shutdown.js). */
export function closeServer(app) {
  const server = app.server;
  return server
    ? shutdown().gracefulClose(server, { timeout: app.limits.shutdownTimeout, ...http2Connections.get(server) })
    : Promise.resolve();
}

function createHttpServer(app) {
  const limits = app.limits;
  const server = http.createServer(
    {
      IncomingMessage: requestClass(app),
      ServerResponse: responseClass(app),
      maxHeaderSize: limits.maxHeaderSize,
      requestTimeout: limits.requestTimeout,
      headersTimeout: limits.headersTimeout,
      keepAliveTimeout: limits.keepAliveTimeout,
      connectionsCheckingInterval: limits.connectionsCheckingInterval,
    },
    (req, res) => app.handle(req, res),
  );
  server.on("clientError", onClientError(app));
  return server;
}

// HTTP/2 and HTTP/1.1 on one server: over TLS when `tls` has a certificate, h2c otherwise.
function createHttp2Server(app, tls) {
  const { Http2ServerRequest, Http2ServerResponse } = http2Classes(app);
  const classes = {
    IncomingMessage: requestClass(app),
    ServerResponse: responseClass(app),
    Http2ServerRequest,
    Http2ServerResponse,
  };
  const { server, sessions, http1Sockets, accepted, opening } = http2Support().createServer({
    tls,
    limits: app.limits,
    classes,
    http1Server: tls ? undefined : createHttpServer(app),
    handler: (req, res) => app.handle(req, res),
    // A bad frame or a broken connection: the session ends, the process goes on.
    onSessionError: (err, session) =>
      app.listenerCount("clientError") > 0 && app.emit("clientError", err, session.socket),
  });
  if (tls) server.on("clientError", onClientError(app));
  http2Connections.set(server, { sessions, sockets: http1Sockets, accepted, opening });
  return server;
}

const onClientError = (app) => (err, socket) => clientErrors().handleClientError(app, err, socket);

// What net.Server#listen takes; everything else listen({ http2: true, ... }) is given goes
// to the TLS server (key, cert, ca, pfx, passphrase, ALPN callbacks, ...).
const LISTEN_OPTIONS = new Set([
  "port",
  "host",
  "path",
  "backlog",
  "exclusive",
  "ipv6Only",
  "readableAll",
  "writableAll",
  "signal",
  "reusePort",
  "gracefulShutdown",
]);

function splitHttp2Options(options) {
  const listenOptions = {};
  const tls = {};
  for (const [key, value] of Object.entries(options)) {
    if (LISTEN_OPTIONS.has(key)) listenOptions[key] = value;
    else if (key !== "http2") tls[key] = value;
  }
  const certified = tls.key !== undefined || tls.pfx !== undefined || tls.SNICallback !== undefined;
  return { listenOptions, tls: certified ? tls : undefined };
}
