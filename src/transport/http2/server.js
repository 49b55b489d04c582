// The servers listen({ http2: true }) makes. With a certificate: Node's secure HTTP/2
// server, HTTP/1.1 on the same port through ALPN (allowHTTP1). Without: h2c with prior
// knowledge on the app's HTTP/1.1 server, whose connections preface.js sorts.
import { nodeModule } from "../../deps.js";
import { routeByPreface } from "./preface.js";
import { guardSession } from "./session.js";
import { limitFirstFlight } from "./first-flight.js";
import { http1RequestDeadlines, watchHttp1Connection } from "./http1-deadlines.js";
import { transportOf } from "../../node-internals/connections.js";

const http2 = nodeModule("node:http2");

/**
 * { server, sessions, http1Sockets, accepted, opening }: the server to listen on, and for
 * graceful shutdown the HTTP/2 sessions it has open, (over TLS) its HTTP/1.1 connections,
 * every connection it has accepted and those among them still opening.
 * `classes` are the app's four request/response classes; `http1Server` (h2c only) is the
 * HTTP/1.1 server listen() would have made; `tls` the certificate and TLS options.
 */
export function createServer({ tls, limits, classes, http1Server, handler, onSessionError }) {
  const sessions = new Set();
  // Node's HTTP/2 server lists neither: the connections not yet an HTTP/2 session nor an
  // HTTP/1.1 connection (a TLS handshake or an h2c preface under way, or nothing sent), and
  // the TCP socket under each connection (a session closed gracefully waits for the client
  // to close it, which one that has stopped reading never does).
  const accepted = new Set();
  const opening = new Set();
  const accept = (socket) => {
    accepted.add(socket);
    opening.add(socket);
    socket.once("close", () => {
      accepted.delete(socket);
      opening.delete(socket);
    });
  };
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
      {
        ...options,
        allowHTTP1: true,
        Http1IncomingMessage: classes.IncomingMessage,
        Http1ServerResponse: classes.ServerResponse,
      },
      handler,
    );
    server.keepAliveTimeout = limits.keepAliveTimeout;
    http1Sockets = new Set();
    server.on("connection", accept);
    // After Node's own listener, which has made the session or HTTP/1.1 connection.
    server.on("secureConnection", (socket) => {
      opening.delete(transportOf(socket));
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
    http1Server.on("connection", (socket) => {
      accept(socket);
      routeByPreface(socket, {
        toHttp1: (paused) => {
          opening.delete(paused);
          toHttp1.call(http1Server, paused);
          paused.resume();
        },
        toHttp2: (paused) => {
          opening.delete(paused);
          // The HTTP/1.1 server accepts its sockets half-open (a client may end its side
          // after a request); an HTTP/2 session needs its socket to close when the client's
          // side ends, or a client that disconnects leaves the session and its answers behind.
          paused.allowHalfOpen = false;
          h2c.emit("connection", paused);
        },
        timeout: limits.headersTimeout,
      });
    });
    server = http1Server;
  }
  if (tls) server.on("session", (session) => track(sessions, session, limits, onSessionError));
  return { server, sessions, http1Sockets, accepted, opening };
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
