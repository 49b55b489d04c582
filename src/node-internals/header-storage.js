// A response's headers, read and written where Node's setHeader/getHeader/removeHeader keep
// them, without their checks, for the headers of headers.js and values valid by construction:
// res.send/res.json, static files and the final handler set a few headers on every response.
// Node's HTTP/1.1 responses (OutgoingMessage) keep them under kOutHeaders; another response
// class may register its own storage (the transport's HTTP/2 responses do:
// transport/http2/header-storage.js). Any other response, or one whose setHeader/getHeader/
// removeHeader someone replaced, goes through its methods.
//
// Checked on Node 22, 24 and 26 by test/node-internals/header-storage.test.js: kOutHeaders is
// found on the source of Node's setHeader/getHeader (see outHeadersKeyOf). When a release keeps
// headers otherwise, outHeadersKeyOf gives null and every call goes through setHeader/getHeader/
// removeHeader: the same answers, slower.
import { nodeHttp as http } from "../deps.js";
import { ownSymbol } from "./own-symbol.js";
import { internalized } from "../property-key.js";

/**
 * The symbol under which a response keeps its headers (Node's kOutHeaders): null until the
 * first setHeader, then a null-prototype object mapping each lower-cased name to
 * [name as given, value]; setHeader/getHeader validate, lower-case and then only write or
 * read that. Found on the first response asked about; null when this Node release stores
 * headers otherwise. Checked on the source of Node's setHeader/getHeader rather than by
 * setting a header on a probe response: a response of another class passing through Node's
 * header code once would leave its inline caches polymorphic for every later request. Only
 * asked about responses whose setHeader/getHeader are http's own: a response of another
 * class (other methods, other storage) must not be the one it is found on. (Node 22 and 24
 * read the entry as `entry?.[1]`, Node 20 as `entry && entry[1]`: the same for the arrays
 * stored.)
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
const ServerResponsePrototype = http.ServerResponse.prototype;

/** What Node's setHeader refuses in a value (checkInvalidHeaderChar, strict). */
export const INVALID_HEADER_CHAR = /[^\t\x20-\x7e\x80-\xff]/;

// Anything but tabs and printable ASCII: what setHeader below leaves to Node's, which refuses
// some of it and accepts bytes 0x80-0xff (a latin1 file name), marking the response for those.
const NOT_PLAIN = /[^\t\x20-\x7e]/;
// Registered: another copy of this module (lib-server's CommonJS build beside its ES modules,
// whose static files may answer this copy's responses) reads the same mark.
const kLatin1Header = Symbol.for("lib-server.latin1Header");

/**
 * Whether a header value set on `res` through its setHeader has bytes 0x80-0xff. Node writes
 * a header block apart from a Buffer body, latin1, but prefixes it to a string body and writes
 * both as UTF-8; it also mangles such bytes in Content-Disposition once end(body) gave it the
 * body's length before the headers were built. Where Express's body is a Buffer, or a stream,
 * lib-server's must be too for those bytes to reach the client as on Express.
 */
export const hasLatin1Header = (res) => res[kLatin1Header] === true;

const latin1In = (value) =>
  typeof value === "string" ? NOT_PLAIN.test(value) : Array.isArray(value) && value.some(latin1In);

// Header names Node's setHeader has accepted, each with the key it stores it under (interned)
// and the last string value stored under it (helmet's are the same strings on every response).
// Bounded: an app that sets names taken from input (a proxy) does not grow it forever.
const acceptedNames = new Map();
const ACCEPTED_NAMES_MAX = 512;

/**
 * setHeader of lib-server's responses: Node's, which it calls for anything but a name Node has
 * already accepted with a plain value (a number, or a string of tabs and printable ASCII) on a
 * response not yet sent. For those it stores what Node's would store, without
 * validating the name again, lower-casing it into a new string and having V8 look that string
 * up in its string table to use it as a key, nor scanning again the value the name had last
 * time: per setHeader, the bulk of what helmet's dozen headers, cors's and an app's own cost
 * (benchmarks/NOTES.md, "Header names remembered"). Whoever replaced http.ServerResponse's
 * setHeader (an APM agent) gets every call.
 */
export function setHeader(name, value) {
  const accepted = acceptedNames.get(name);
  const inherited = ServerResponsePrototype.setHeader;
  if (accepted === undefined || inherited !== nativeSetHeader || this._header || !plainValue(accepted, value)) {
    const result = inherited.call(this, name, value);
    if (latin1In(value)) this[kLatin1Header] = true;
    if (accepted === undefined && typeof name === "string" && acceptedNames.size < ACCEPTED_NAMES_MAX)
      acceptedNames.set(name, { key: internalized(name.toLowerCase()), lastValue: "" });
    return result;
  }
  const storageKey = outHeadersKeyOf(this);
  if (storageKey === null) return nativeSetHeader.call(this, name, value);
  storageOf(this, storageKey)[accepted.key] = [name, value];
  return this;
}

function plainValue(accepted, value) {
  if (typeof value !== "string") return typeof value === "number";
  if (value === accepted.lastValue) return true;
  if (NOT_PLAIN.test(value)) return false;
  accepted.lastValue = value;
  return true;
}

// Whether a response's setHeader stores as Node's does, with nothing else watching: Node's own,
// or lib-server's above while http.ServerResponse's is still Node's.
const storesLikeNode = (setHeaderOfResponse) =>
  setHeaderOfResponse === nativeSetHeader ||
  (setHeaderOfResponse === setHeader && ServerResponsePrototype.setHeader === nativeSetHeader);

// The storage another response class registered: { getHeader, setHeader } (its methods, which
// it stands for), read(res, header) and write(res, header, value), false when it cannot.
let registered = null;

/** Lets headerOf/setValidHeader use the storage of the responses whose getHeader/setHeader are `storage`'s. */
export function registerHeaderStorage(storage) {
  registered = storage;
}

/**
 * Whether a header set and then removed again could be seen: only by whoever replaced
 * setHeader or removeHeader (a response's headers are written, and seen by writeHead
 * wrappers, only once they are final).
 */
export const headerChangesObserved = (res) =>
  !storesLikeNode(res.setHeader) || res.removeHeader !== nativeRemoveHeader || outHeadersKeyOf(res) === null;

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
  const getHeader = res.getHeader;
  if (getHeader !== nativeGetHeader)
    return getHeader === registered?.getHeader ? registered.read(res, header) : res.getHeader(header.name);
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

// A response's header storage under `key` (kOutHeaders), a HeaderStorage made if it has none yet.
function storageOf(res, key) {
  const headers = res[key];
  return headers === null ? (res[key] = new HeaderStorage()) : headers;
}

/**
 * Gives a new response of Node's a HeaderStorage before anyone sets a header. Node's first
 * setHeader would make `{ __proto__: null }`, a dictionary: every setHeader after it (helmet,
 * cors, an app's own) inserts by hashing and grows it by rehashing, and _storeHeader lists
 * its keys through runtime calls. Express's responses carry a header from the start too
 * (X-Powered-By), so writeHead(status, headers) merges into the stored headers and getHeader
 * reads what it set, as there.
 */
export function startHeaderStorage(res) {
  if (!storesLikeNode(res.setHeader) || res.getHeader !== nativeGetHeader) return;
  const key = outHeadersKeyOf(res);
  if (key !== null && res[key] === null) res[key] = new HeaderStorage();
}

// res.setHeader(header.name, value) without Node's checks, for a value the caller promises
// validateHeaderValue accepts: a number, or a string of tabs and bytes 0x20-0x7e, 0x80-0xff
// only. Callers pass only values valid by construction (constants, numbers, strings built
// from them, values checked once and cached), never one taken as is from a request or user
// code. Anyone who wrapped setHeader (or a response already sent, which setHeader refuses)
// gets the real call. The storage we create is a HeaderStorage (above): with fast properties,
// the for-in over it in Node's _storeHeader uses an enum cache instead of a runtime call.
export function setValidHeader(res, header, value) {
  const key = storesLikeNode(res.setHeader) ? outHeadersKeyOf(res) : null;
  if (key === null || res._header) {
    if (res.setHeader !== registered?.setHeader || !registered.write(res, header, value))
      res.setHeader(header.name, value);
    return;
  }
  storeEntry(storageOf(res, key), header, [header.name, value]);
}
