// The classes an http.Server creates requests and responses with: kept in two fields keyed by
// symbols (Symbol(IncomingMessage), Symbol(ServerResponse)), which
// createServer({ IncomingMessage, ServerResponse }) sets. The transport reads them to adopt a
// server the app did not make (http.createServer(app)), and writes them so that it creates the
// app's objects from then on.
//
// Checked on Node 22, 24 and 26 by test/node-internals/server-classes.test.js. When a release
// keeps them otherwise, serverClasses() gives undefined classes, which are not Node's own, and
// the transport leaves the server alone: each request then takes the app's prototypes as it
// enters the app (correct, and slower).
import { ownSymbol } from "./own-symbol.js";

const serverClassFields = new Map();
function serverClassField(server, name) {
  let field = serverClassFields.get(name);
  if (field === undefined) {
    // Not remembered when absent: an HTTP/2 server has no such field, an http.Server has.
    field = ownSymbol(server, name);
    if (field !== undefined) serverClassFields.set(name, field);
  }
  return field;
}

/** The classes a server creates requests and responses with ({ IncomingMessage, ServerResponse }). */
export function serverClasses(server) {
  return {
    IncomingMessage: server[serverClassField(server, "IncomingMessage")],
    ServerResponse: server[serverClassField(server, "ServerResponse")],
  };
}

/** Makes a server whose classes serverClasses() found create its later requests and responses with these. */
export function setServerClasses(server, IncomingMessage, ServerResponse) {
  server[serverClassField(server, "IncomingMessage")] = IncomingMessage;
  server[serverClassField(server, "ServerResponse")] = ServerResponse;
}
