// The header storage of lib-server's HTTP/2 responses, for headerOf/setValidHeader
// (node-internals/header-storage.js), which read and write it directly as they do Node's
// HTTP/1.1 storage. node:http2's compat response keeps its headers in a null-prototype object
// under a private symbol (kHeaders), lower-cased name → value as given; its getHeader
// validates the name, lower-cases it and reads that, its setHeader validates, lower-cases and
// writes it. Used for the responses whose getHeader is Node's and whose setHeader is
// response.js's, which registers it when it loads; setHeader's own rules stay its own: the
// names it drops are left to it, and the one value it stores for the others (a single one) is
// the one setHeader would.
//
// Checked on Node 22, 24 and 26 by test/transport/http2/header-storage.test.js, on the
// methods' source as Node's HTTP/1.1 storage is. When a release keeps them otherwise, nothing
// is registered, or (no kHeaders on a response) read and write step aside: every call goes
// through setHeader/getHeader, the same answers, slower.
import { registerHeaderStorage } from "../../node-internals/header-storage.js";
import { ownSymbol } from "../../node-internals/own-symbol.js";

const SET_STORES = /this\[kHeaders\]\[name\] = value;\s*\}$/;
const GET_READS = /name = name\.trim\(\)\.toLowerCase\(\);\s*return this\[kHeaders\]\[name\];\s*\}$/;

/**
 * Registers the storage of `Http2Response` (a subclass of Node's compat response), whose
 * setHeader drops `droppedNames`; false when this Node keeps it otherwise.
 */
export function useHttp2HeaderStorage(Http2Response, droppedNames) {
  const { getHeader, setHeader } = Http2Response.prototype;
  const nodePrototype = Object.getPrototypeOf(Http2Response.prototype);
  const storeHeader = nodePrototype[ownSymbol(nodePrototype, "setHeader")]; // Node's [kSetHeader]
  if (!SET_STORES.test(String(storeHeader)) || !GET_READS.test(String(getHeader))) return false;
  registerHeaderStorage({
    getHeader,
    setHeader,
    read(res, header) {
      const headers = http2HeadersOf(res);
      return headers === null ? res.getHeader(header.name) : headers[header.lower];
    },
    write(res, header, value) {
      const headers = res.headersSent || droppedNames.has(header.lower) ? null : http2HeadersOf(res);
      if (headers === null) return false;
      headers[header.lower] = value;
      return true;
    },
  });
  return true;
}

/** The header storage of an HTTP/2 compat response, or null. */
export function http2HeadersOf(res) {
  if (http2HeadersKey === undefined) http2HeadersKey = findHttp2HeadersKey(res);
  return http2HeadersKey === null ? null : res[http2HeadersKey];
}

let http2HeadersKey;

function findHttp2HeadersKey(res) {
  const key = ownSymbol(res, "headers");
  const headers = key && res[key];
  return typeof headers === "object" && headers !== null && Object.getPrototypeOf(headers) === null ? key : null;
}
