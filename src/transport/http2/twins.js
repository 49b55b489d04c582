// Every app's HTTP/2 request and response prototypes, twins of its HTTP/1 ones: the same
// methods (the very same functions, defined once in request.js/response.js or by the user
// on app.request/app.response), on Node's HTTP/2 compat classes instead of
// IncomingMessage/ServerResponse. A twin copies its original's own properties when it is
// made, at the app's first HTTP/2 server or request.
import { nodeHttp as http } from "../../deps.js";
import { Http2ServerRequest } from "./request.js";
import { Http2ServerResponse } from "./response.js";

const twins = new WeakMap(); // HTTP/1 prototype → its HTTP/2 twin

export const requestTwin = (prototype) => twinOf(prototype, http.IncomingMessage.prototype, Http2ServerRequest.prototype);
export const responseTwin = (prototype) => twinOf(prototype, http.ServerResponse.prototype, Http2ServerResponse.prototype);

function twinOf(prototype, http1Base, http2Base) {
  if (prototype === http1Base || prototype === null) return http2Base;
  let twin = twins.get(prototype);
  if (twin === undefined) {
    twin = Object.create(twinOf(Object.getPrototypeOf(prototype), http1Base, http2Base));
    for (const key of Reflect.ownKeys(prototype)) {
      if (key !== "constructor") Object.defineProperty(twin, key, Object.getOwnPropertyDescriptor(prototype, key));
    }
    twins.set(prototype, twin);
  }
  return twin;
}
