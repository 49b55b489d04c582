// Every app's HTTP/2 request and response prototypes, twins of its HTTP/1 ones. A twin
// inherits the app's prototype (app.request, app.response), so every method of the app,
// Express's and the user's, has one definition, seen over both protocols whenever it is
// added. What the twin holds itself is where HTTP/2 differs: Node's compat classes
// (Http2ServerRequest/Http2ServerResponse, with request.js/response.js on top) in place of
// IncomingMessage/ServerResponse, which the app's prototypes inherit. That layer is the same
// for every app, taken once from Node's classes and ours when this module loads: for each
// name either protocol's classes define below the base they share (Readable for requests,
// Stream for responses), what the compat classes answer for it, and `undefined` where they
// have nothing (an HTTP/1-only method such as setHeaders or _dump).
//
// So over HTTP/2 a name Node's classes define is always the compat one (a method of that name
// set on app.response wraps HTTP/1's, which cannot work there), and `req instanceof
// http.IncomingMessage` holds as it does over HTTP/1.1 (`instanceof http2.Http2ServerRequest`
// does not: the compat prototypes are not on the chain, their members are).
import { nodeHttp as http } from "../../deps.js";
import { Http2ServerRequest } from "./request.js";
import { Http2ServerResponse } from "./response.js";

// An HTTP/1 member the compat classes lack.
const ABSENT = { value: undefined, writable: true, enumerable: false, configurable: true };
const REQUEST_LAYER = compatLayer(http.IncomingMessage.prototype, Http2ServerRequest.prototype);
const RESPONSE_LAYER = compatLayer(http.ServerResponse.prototype, Http2ServerResponse.prototype);

/** The HTTP/2 twin of an app's request prototype. */
export const requestTwin = (prototype) => Object.create(prototype, REQUEST_LAYER);

/** The HTTP/2 twin of an app's response prototype. */
export const responseTwin = (prototype) => Object.create(prototype, RESPONSE_LAYER);

// Property descriptors (Object.create's second argument) that make an object inheriting the
// HTTP/1 class answer as the HTTP/2 one for every member the two do not share.
function compatLayer(http1, http2) {
  const base = chainOf(http1).find((prototype) => chainOf(http2).includes(prototype));
  const layer = {};
  for (const prototype of [...chainOf(http1, base), ...chainOf(http2, base)]) {
    for (const key of Reflect.ownKeys(prototype)) {
      if (key !== "constructor" && !Object.hasOwn(layer, key)) layer[key] = descriptorOf(http2, key) ?? ABSENT;
    }
  }
  return layer;
}

// The prototypes from `prototype` up to `end` (excluded; the whole chain without it).
function chainOf(prototype, end = null) {
  const chain = [];
  for (let current = prototype; current !== null && current !== end; current = Object.getPrototypeOf(current))
    chain.push(current);
  return chain;
}

function descriptorOf(prototype, key) {
  for (const current of chainOf(prototype)) {
    const descriptor = Object.getOwnPropertyDescriptor(current, key);
    if (descriptor !== undefined) return descriptor;
  }
  return undefined;
}
