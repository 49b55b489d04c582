// Everything lib-server reads of Node's HTTP internals, in one place: none of it is public
// API, so test/node-internals.test.js checks each on the running Node and fails loudly
// (instead of lib-server silently degrading) when a release changes one.

// http.Server keeps the classes it creates requests and responses with in two fields
// keyed by symbols; createServer({ IncomingMessage, ServerResponse }) sets them.
const serverClassFields = new Map();
function serverClassField(server, name) {
  if (!serverClassFields.has(name)) {
    serverClassFields.set(name, Object.getOwnPropertySymbols(server).find((s) => s.description === name));
  }
  return serverClassFields.get(name);
}

/** The classes a server creates requests and responses with ({ IncomingMessage, ServerResponse }). */
export function serverClasses(server) {
  return { IncomingMessage: server[serverClassField(server, "IncomingMessage")], ServerResponse: server[serverClassField(server, "ServerResponse")] };
}

/** Makes an existing server create its later requests and responses with these classes. */
export function setServerClasses(server, IncomingMessage, ServerResponse) {
  server[serverClassField(server, "IncomingMessage")] = IncomingMessage;
  server[serverClassField(server, "ServerResponse")] = ServerResponse;
}

/** The response being written on a connection, if any (Node's socket._httpMessage). */
export const responseOnSocket = (socket) => socket._httpMessage ?? null;

/** The last request read on a connection (its parser's incoming message), if any. */
export const lastRequestOnSocket = (socket) => socket.parser?.incoming ?? null;

/**
 * The server's open connections, from the list Node keeps for closeIdleConnections()
 * (Node 18.2+); [] where there is none.
 */
export function connectionsOf(server) {
  const key = Object.getOwnPropertySymbols(server).find((symbol) => symbol.description === "http.server.connections");
  const list = key && server[key];
  return typeof list?.all === "function" ? list.all().map((parser) => parser.socket).filter(Boolean) : [];
}
