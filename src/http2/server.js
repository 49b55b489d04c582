// The servers listen({ http2: true }) makes. With a certificate: Node's secure HTTP/2
// server, HTTP/1.1 on the same port through ALPN (allowHTTP1). Without: h2c with prior
// knowledge on the app's HTTP/1.1 server, whose connections preface.js sorts.
import { nodeModule } from "../deps.js";
import { routeByPreface } from "./preface.js";
import { guardSession } from "./session.js";
import { limitFirstFlight } from "./first-flight.js";
import { http1RequestDeadlines, watchHttp1Connection } from "./http1-deadlines.js";

const http2 = nodeModule("node:http2");

/**
 * { server, sessions, http1Sockets }: the server to listen on, the HTTP/2 sessions it has
 * open and (over TLS) its HTTP/1.1 connections, both for graceful shutdown.
 * `classes` are the app's four request/response classes; `http1Server` (h2c only) is the
 * HTTP/1.1 server listen() would have made; `tls` the certificate and TLS options.
 */
export function createServer({ tls, limits, classes, http1Server, handler, onSessionError }) {
  const sessions = new Set();
  const options = {
    ...sessionOptions(limits),
    ...tls,
    Http2ServerRequest: classes.Http2ServerRequest,
    Http2ServerResponse: classes.Http2ServerResponse,
  };
  let server;
  let http1Sockets = null;
  if (tls) {
    server = http2.createSecureServer(
      { ...options, allowHTTP1: true, Http1IncomingMessage: classes.IncomingMessage, Http1ServerResponse: classes.ServerResponse },
      handler,
    );
    server.keepAliveTimeout = limits.keepAliveTimeout;
    http1Sockets = new Set();
    server.on("secureConnection", (socket) => {
      if (socket.alpnProtocol === "h2") return;
      http1Sockets.add(socket);
      socket.once("close", () => http1Sockets.delete(socket));
      watchHttp1Connection(server, socket, limits);
    });
    server.on("request", http1RequestDeadlines(server, limits));
  } else {
    const h2c = http2.createServer(options, handler);
    h2c.on("session", (session) => {
      track(sessions, session, limits, onSessionError);
      limitFirstFlight(session, limits.http2MaxSessionMemory * MB);
    });
    // Node's own connection listener (HTTP/1.1) takes the connections that are not HTTP/2.
    const [toHttp1] = http1Server.listeners("connection");
    http1Server.removeListener("connection", toHttp1);
    // The HTTP/1.1 server accepts its sockets half-open (a client may end its side after
    // a request); an HTTP/2 session needs its socket to close when the client's side ends,
    // or a client that disconnects leaves the session and its streams' answers behind.
    const toHttp2 = (socket) => {
      socket.allowHalfOpen = false;
      h2c.emit("connection", socket);
    };
    http1Server.on("connection", (socket) =>
      routeByPreface(socket, {
        toHttp1: (paused) => {
          toHttp1.call(http1Server, paused);
          paused.resume();
        },
        toHttp2,
        timeout: limits.headersTimeout,
      }),
    );
    server = http1Server;
  }
  if (tls) server.on("session", (session) => track(sessions, session, limits, onSessionError));
  return { server, sessions, http1Sockets };
}

const MB = 1024 * 1024;

function track(sessions, session, limits, onSessionError) {
  sessions.add(session);
  session.once("close", () => sessions.delete(session));
  guardSession(session, limits, onSessionError);
}

// Node's defaults let a client open 2^32-1 streams at once and send 64 KB of headers:
// lib-server's are the HTTP/1.1 limits' counterparts (limits.js).
function sessionOptions(limits) {
  return {
    maxSessionMemory: limits.http2MaxSessionMemory,
    maxHeaderListPairs: limits.http2MaxHeaderListPairs,
    settings: { maxConcurrentStreams: limits.http2MaxConcurrentStreams, maxHeaderListSize: limits.maxHeaderSize },
  };
}
