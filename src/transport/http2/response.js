// The base of every app's HTTP/2 response prototype: Node's compat response, made to take what
// an HTTP/1.1 app legitimately sets without a throw or a warning (fields.js: what HTTP/2
// carries of it), and to keep a body that does not match its Content-Length to its own stream
// (content-length.js).
import { nodeModule } from "../../deps.js";
import { DROPPED, SINGLE_VALUE, carriedValue, fieldKey } from "./fields.js";
import { countBody, countChunk, countEnd, headersWent, isCounted } from "./content-length.js";
import { useHttp2HeaderStorage } from "./header-storage.js";

const { Http2ServerResponse: NodeHttp2ServerResponse } = nodeModule("node:http2");

export class Http2ServerResponse extends NodeHttp2ServerResponse {
  setHeader(name, value) {
    const key = fieldKey(name);
    if (DROPPED.has(key)) return this;
    super.setHeader(name, carriedValue(key, value));
    if (key === "content-length") countBody(this);
    return this;
  }

  // A single-value field keeps the value it has; one it lacks (or holds empty) is set.
  appendHeader(name, value) {
    const key = fieldKey(name);
    if (DROPPED.has(key)) return this;
    if (!SINGLE_VALUE.has(key)) super.appendHeader(name, value);
    else if (!hasValue(this.getHeader(key))) this.setHeader(name, value);
    return this;
  }

  // addTrailers sets each through it too.
  setTrailer(name, value) {
    const key = fieldKey(name);
    if (!DROPPED.has(key)) super.setTrailer(name, carriedValue(key, value));
  }

  // writeHead(status, [statusMessage], [headers]): HTTP/2 has no reason phrase (RFC 9113
  // §8.3.2), so the message goes, without Node's warning. The headers are merged as Node's
  // writeHead merges them, through setHeader and appendHeader, so the same rules hold.
  writeHead(statusCode, statusMessage, headers) {
    const fields = typeof statusMessage === "string" ? headers : statusMessage;
    const stream = this.stream;
    if (fields !== null && typeof fields === "object" && !stream.closed && !stream.destroyed) setFields(this, fields);
    super.writeHead(statusCode);
    if (isCounted(this)) headersWent(this);
    return this;
  }

  write(chunk, encoding, callback) {
    if (isCounted(this) && !this.writableEnded) countChunk(this, chunk, encoding);
    return super.write(chunk, encoding, callback);
  }

  end(chunk, encoding, callback) {
    if (!isCounted(this) || this.writableEnded || this.stream.closed) return super.end(chunk, encoding, callback);
    if (typeof chunk === "function") return this.end(undefined, undefined, chunk);
    if (typeof encoding === "function") return this.end(chunk, undefined, encoding);
    // The last chunk counted before the end, as Node's end writes it first.
    if (chunk !== undefined && chunk !== null) this.write(chunk, encoding);
    countEnd(this);
    return super.end(callback);
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

// Node's appendHeader test: a value there is one that is neither falsy nor an empty list.
const hasValue = (value) => Boolean(value) && value.length !== 0;

// writeHead's headers: an object is set field by field; a flat [name, value, ...] list or
// [[name, value], ...] replaces the fields it names, and a name given twice adds up.
function setFields(res, fields) {
  if (!Array.isArray(fields)) {
    for (const name of Object.keys(fields)) res.setHeader(name, fields[name]);
    return;
  }
  const pairs = fields.length > 0 && Array.isArray(fields[0]);
  const step = pairs ? 1 : 2;
  for (let i = 0; i < fields.length; i += step) res.removeHeader(pairs ? fields[i][0] : fields[i]);
  for (let i = 0; i < fields.length; i += step) {
    if (pairs) res.appendHeader(fields[i][0], fields[i][1]);
    else res.appendHeader(fields[i], fields[i + 1]);
  }
}

useHttp2HeaderStorage(Http2ServerResponse, DROPPED);
