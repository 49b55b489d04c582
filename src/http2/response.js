// The base of every app's HTTP/2 response prototype: Node's compat response, made quiet
// about what an HTTP/1.1 app legitimately does and HTTP/2 cannot carry.
import { nodeModule } from "../deps.js";
import { isConnectionSpecific, withoutConnectionHeaders } from "./connection-headers.js";
import { useHttp2HeaderStorage } from "../node-internals.js";

const { Http2ServerResponse: NodeHttp2ServerResponse } = nodeModule("node:http2");

export class Http2ServerResponse extends NodeHttp2ServerResponse {
  setHeader(name, value) {
    if (!isConnectionSpecific(name)) super.setHeader(name, value);
    return this;
  }

  appendHeader(name, value) {
    if (!isConnectionSpecific(name)) super.appendHeader(name, value);
    return this;
  }

  // writeHead(status, [statusMessage], [headers]): HTTP/2 has no reason phrase (RFC 9113
  // §8.3.2), so the message goes, without Node's warning.
  writeHead(statusCode, statusMessage, headers) {
    const fields = typeof statusMessage === "string" ? headers : statusMessage;
    super.writeHead(statusCode, withoutConnectionHeaders(fields));
    return this;
  }

  // Node's HTTP/1 responses have it, and middleware calls it to send the head before a
  // body it writes itself (express-session, compression); Node's HTTP/2 compat lacks it.
  _implicitHeader() {
    this.writeHead(this.statusCode);
  }

  get statusMessage() {
    return "";
  }

  set statusMessage(message) {
    // no reason phrase in HTTP/2: ignored (finalhandler and Express set it on every error)
  }
}

useHttp2HeaderStorage(Http2ServerResponse);
