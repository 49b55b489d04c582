// What an HTTP/1.1 connection and a server say about each other: the response a connection is
// writing, the last request it read, the TCP socket under a TLS one, and the lists of open and
// idle connections Node keeps for closeIdleConnections(). Client errors and graceful shutdown
// read them (transport/client-error.js, transport/shutdown.js, transport/http2/server.js).
//
// Checked on Node 22, 24 and 26 by test/node-internals/connections.test.js. When a release
// names them otherwise, each reads as "nothing": responseOnSocket and lastRequestOnSocket give
// null (a malformed request is then answered even behind a response under way, and a graceful
// close marks answers "Connection: close" from the next request on only), transportOf
// undefined (every TLS connection then counts as still opening, and a graceful close ends it
// after its grace second, busy or not), the lists [] (a graceful close then ends idle
// keep-alive connections at its deadline only).
import { ownSymbol } from "./own-symbol.js";

/** The response being written on a connection, if any (Node's socket._httpMessage). */
export const responseOnSocket = (socket) => socket._httpMessage ?? null;

/** The last request read on a connection (its parser's incoming message), if any. */
export const lastRequestOnSocket = (socket) => socket.parser?.incoming ?? null;

/** The TCP socket a server's TLS socket runs on: the one the server's 'connection' event gave. */
export const transportOf = (tlsSocket) => tlsSocket._parent;

/** The server's open connections, from the list Node keeps for closeIdleConnections(); [] where there is none. */
export const connectionsOf = (server) => connectionList(server, "all");

/**
 * The connections Node's closeIdleConnections() would close: between requests, and (from
 * Node 26 on; 22 and 24 leave them out) those that have sent nothing yet.
 */
export const idleConnectionsOf = (server) => connectionList(server, "idle");

function connectionList(server, which) {
  const key = ownSymbol(server, "http.server.connections");
  const list = key && server[key];
  return typeof list?.[which] === "function"
    ? list[which]()
        .map((parser) => parser.socket)
        .filter(Boolean)
    : [];
}
