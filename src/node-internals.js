// Everything lib-server reads of Node's HTTP internals, and the two things it writes (a
// response's header storage, as setHeader and removeHeader would leave it, and how a
// connection ends after a "Connection: close" answer, later requests refused), in one place:
// none of it is public API, so test/node-internals.test.js checks each on the running Node
// and fails loudly (instead of lib-server silently degrading) when a release changes one.
import { nodeModule, nodeHttp as http } from "./deps.js";

// Node 24 and later decide whether AsyncLocalStorage runs on AsyncContextFrame the first time
// anything asks, and then change their internal AsyncContextFrame class (Node 24 swaps its
// prototype). Left alone, that happens when the first connection closes (a timer cleared),
// after the first request has run process.nextTick and the tick queue: on Node 24 their loads
// from that class then stay polymorphic in optimized code for the life of the process
// (benchmarks/NOTES.md, "Node 24: settling AsyncContextFrame at import"). Asking here settles it
// before any request.
void nodeModule("node:async_hooks").AsyncLocalStorage;

// http.Server keeps the classes it creates requests and responses with in two fields
// keyed by symbols; createServer({ IncomingMessage, ServerResponse }) sets them.
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

/** The TCP socket a server's TLS socket runs on: the one the server's 'connection' event gave. */
export const transportOf = (tlsSocket) => tlsSocket._parent;

/**
 * Makes `close` what ends this connection after a response sent with "Connection: close":
 * Node's server calls socket.destroySoon() then, which ends the socket and destroys it as
 * soon as the answer is written. `close` runs as a method of the socket.
 */
export function onClosingAnswer(socket, close) {
  socket.destroySoon = close;
}

/**
 * Makes the connection hand no later request to the app: one that arrives destroys the
 * connection instead. Node's server still emits 'request' for a request pipelined behind a
 * "Connection: close" answer while the connection is open (it sets parser.onIncoming anew
 * for each connection, so this ends with this one).
 */
export function refuseLaterRequests(socket) {
  const parser = socket.parser;
  if (!parser) return;
  parser.onIncoming = () => {
    socket.destroy();
    return 0;
  };
}

/** What Node's server would have done instead (end, then destroy once written). */
export const destroySoon = (socket) => nodeModule("node:net").Socket.prototype.destroySoon.call(socket);

/**
 * The server's open connections, from the list Node keeps for closeIdleConnections()
 * (Node 18.2+); [] where there is none.
 */
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

/**
 * The symbol under which a response keeps its headers (Node's kOutHeaders): null until the
 * first setHeader, then a null-prototype object mapping each lower-cased name to
 * [name as given, value]; setHeader/getHeader validate, lower-case and then only write or
 * read that. Found on the first response asked about; null when this Node release stores
 * headers otherwise (lib-server then always goes through setHeader/getHeader). Checked on
 * the source of Node's setHeader/getHeader rather than by setting a header on a probe
 * response: a response of another class passing through Node's header code once would
 * leave its inline caches polymorphic for every later request. Only asked about responses
 * whose setHeader/getHeader are http's own: an HTTP/2 response (other methods, other
 * storage) must not be the one it is found on. (Node 22 and 24 read the entry
 * as `entry?.[1]`, Node 20 as `entry && entry[1]`: the same for the arrays stored.)
 */
export function outHeadersKeyOf(res) {
  if (outHeadersKey === undefined) outHeadersKey = findOutHeadersKey(res);
  return outHeadersKey;
}

let outHeadersKey;
const LOWER_NAME = String.raw`(?:name\.toLowerCase\(\)|StringPrototypeToLowerCase\(name\))`;
const SET_STORES = new RegExp(
  String.raw`this\[kOutHeaders\] = headers = \{ __proto__: null \};\s*headers\[${LOWER_NAME}\] = \[name, value\];\s*return this;\s*\}$`,
);
const GET_READS = new RegExp(
  String.raw`const headers = this\[kOutHeaders\];\s*if \(headers === null\)\s*return;\s*const entry = headers\[${LOWER_NAME}\];\s*return (?:entry && entry\[1\]|entry\?\.\[1\]);\s*\}$`,
);

function findOutHeadersKey(res) {
  const { setHeader, getHeader } = http.OutgoingMessage.prototype;
  if (!SET_STORES.test(String(setHeader)) || !GET_READS.test(String(getHeader))) return null;
  const key = ownSymbol(res, "kOutHeaders");
  if (key === undefined) return null;
  const headers = res[key];
  return headers === null || (typeof headers === "object" && Object.getPrototypeOf(headers) === null) ? key : null;
}

const nativeSetHeader = http.OutgoingMessage.prototype.setHeader;
const nativeGetHeader = http.OutgoingMessage.prototype.getHeader;
const nativeRemoveHeader = http.OutgoingMessage.prototype.removeHeader;

/**
 * Whether a header set and then removed again could be seen: only by whoever replaced
 * setHeader or removeHeader (a response's headers are written, and seen by writeHead
 * wrappers, only once they are final).
 */
export const headerChangesObserved = (res) => res.setHeader !== nativeSetHeader || res.removeHeader !== nativeRemoveHeader || outHeadersKeyOf(res) === null;

export function removeHeaders(res, headers) {
  if (headerChangesObserved(res) || res._header) {
    for (const header of headers) res.removeHeader(header.name);
    return;
  }
  const key = outHeadersKeyOf(res);
  const stored = res[key];
  if (stored === null || !headers.some((header) => stored[header.lower] !== undefined)) return;
  const kept = new HeaderStorage();
  for (const lower in stored) if (!headers.some((header) => header.lower === lower)) kept[lower] = stored[lower];
  res[key] = kept;
}

// res.getHeader(header.name) for a descriptor of headers.js. When getHeader is Node's own
// (no middleware or app replaced it), read Node's header storage directly: the same
// answer without the name's validation and lower-casing on every call.
export function headerOf(res, header) {
  if (res.getHeader !== nativeGetHeader) {
    const headers = res.getHeader === http2GetHeader ? http2HeadersOf(res) : null;
    return headers === null ? res.getHeader(header.name) : headers[header.lower];
  }
  const key = outHeadersKeyOf(res);
  if (key === null) return res.getHeader(header.name);
  const headers = res[key];
  if (headers === null) return undefined;
  const entry = storedEntry(headers, header);
  return entry && entry[1];
}

// The headers res.send and res.json read and write on every response get a property access
// of their own, written with the name: one shared `headers[header.lower]` sees many names,
// which leaves V8 only its megamorphic keyed access.
function storedEntry(headers, header) {
  switch (header.lower) {
    case "content-type":
      return headers["content-type"];
    case "etag":
      return headers.etag;
    case "transfer-encoding":
      return headers["transfer-encoding"];
    default:
      return headers[header.lower];
  }
}

function storeEntry(headers, header, entry) {
  switch (header.lower) {
    case "content-type":
      headers["content-type"] = entry;
      break;
    case "content-length":
      headers["content-length"] = entry;
      break;
    case "etag":
      headers.etag = entry;
      break;
    default:
      headers[header.lower] = entry;
  }
}

// The header storage lib-server creates: like Node's a map from lower-cased names with
// nothing inherited (its prototype is empty, frozen, and has a null prototype), but born
// with fast properties, which V8 gives neither { __proto__: null } nor Object.create(null)
// (dictionaries from birth). Object.setPrototypeOf({}, null) would be fast too, but it is a
// runtime call on every response.
function HeaderStorage() {}
HeaderStorage.prototype = Object.freeze(Object.setPrototypeOf({}, null));

// res.setHeader(header.name, value) without Node's checks, for a value the caller promises
// validateHeaderValue accepts: a number, or a string of tabs and bytes 0x20-0x7e, 0x80-0xff
// only. Callers pass only values valid by construction (constants, numbers, strings built
// from them, values checked once and cached), never one taken as is from a request or user
// code. Anyone who wrapped setHeader (or a response already sent, which setHeader refuses)
// gets the real call. The storage we create is a HeaderStorage (above): with fast properties,
// the for-in over it in Node's _storeHeader uses an enum cache instead of a runtime call.
export function setValidHeader(res, header, value) {
  const key = res.setHeader === nativeSetHeader ? outHeadersKeyOf(res) : null;
  if (key === null || res._header) {
    const direct = res.setHeader === http2SetHeader && !res.headersSent && !http2Dropped.has(header.lower);
    const headers = direct ? http2HeadersOf(res) : null;
    if (headers === null) res.setHeader(header.name, value);
    else headers[header.lower] = value;
    return;
  }
  let headers = res[key];
  if (headers === null) res[key] = headers = new HeaderStorage();
  storeEntry(headers, header, [header.name, value]);
}

/**
 * HTTP/2: node:http2's compat response keeps its headers in a null-prototype object under a
 * private symbol (kHeaders), lower-cased name → value as given; its getHeader validates the
 * name, lower-cases it and reads that, its setHeader validates, lower-cases and writes it.
 * headerOf and setValidHeader use it directly, as they do kOutHeaders, for the responses
 * whose getHeader is Node's and whose setHeader is lib-server's HTTP/2 one:
 * src/http2/response.js registers that class when it loads, with the (lower-cased) names its
 * setHeader drops, which setValidHeader leaves to it (the one value it stores for the others,
 * a single one, is the one setHeader would). Checked on the methods' source as
 * outHeadersKeyOf is; null when a Node release stores them otherwise.
 */
export function useHttp2HeaderStorage(Http2Response, droppedNames) {
  const { getHeader, setHeader } = Http2Response.prototype;
  const nodePrototype = Object.getPrototypeOf(Http2Response.prototype);
  const storeHeader = nodePrototype[ownSymbol(nodePrototype, "setHeader")]; // Node's [kSetHeader]
  if (!H2_SET_STORES.test(String(storeHeader)) || !H2_GET_READS.test(String(getHeader))) return;
  http2GetHeader = getHeader;
  http2SetHeader = setHeader;
  http2Dropped = droppedNames;
}

/** The header storage of an HTTP/2 compat response, or null (see useHttp2HeaderStorage). */
export function http2HeadersOf(res) {
  if (http2GetHeader === null) return null;
  if (http2HeadersKey === undefined) http2HeadersKey = findHttp2HeadersKey(res);
  return http2HeadersKey === null ? null : res[http2HeadersKey];
}

let http2GetHeader = null;
let http2SetHeader = null;
let http2Dropped = new Set();
let http2HeadersKey;
const H2_SET_STORES = /this\[kHeaders\]\[name\] = value;\s*\}$/;
const H2_GET_READS = /name = name\.trim\(\)\.toLowerCase\(\);\s*return this\[kHeaders\]\[name\];\s*\}$/;

function findHttp2HeadersKey(res) {
  const key = ownSymbol(res, "headers");
  const headers = key && res[key];
  return typeof headers === "object" && headers !== null && Object.getPrototypeOf(headers) === null ? key : null;
}

// The symbol-keyed own property Node declared as Symbol(description), or undefined.
function ownSymbol(object, description) {
  return Object.getOwnPropertySymbols(object).find((symbol) => symbol.description === description);
}
