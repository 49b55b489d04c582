// A Content-Length the app set, held to the body it sends over HTTP/2. Node sends both as they
// are; a body that differs makes the response malformed (RFC 9113 §8.1.1): the client resets
// the stream, and Node's client ends the whole session when the body runs past it, with every
// other request on it. So such a body is counted, and its stream reset (INTERNAL_ERROR) as
// soon as it cannot match: at the chunk that runs past the length, or at an end short of it.
// Only a length the app set is counted: res.send's own is its body's.

// Bytes the body may still carry; null until the headers go out; absent when not counted.
const LEFT = Symbol("lib-server.contentLengthLeft");
// Node sends no body for these (Http2Stream#respond ends the stream), nor for a HEAD request.
const BODYLESS = new Set([204, 205, 304]);

export const isCounted = (res) => res[LEFT] !== undefined;

/** The app set a Content-Length: count the body against it once the headers go out. */
export function countBody(res) {
  res[LEFT] = null;
}

/** The headers went out (or could not): the length they carried is the one the body must match. */
export function headersWent(res) {
  if (res[LEFT] !== null) return;
  const stream = res.stream;
  const length =
    stream.headersSent && !stream.headRequest && !BODYLESS.has(res.statusCode)
      ? res.getHeader("content-length")
      : undefined;
  // -1: a value no body matches ("abc", "5, 5")
  res[LEFT] = length === undefined ? undefined : /^\d+$/.test(String(length)) ? Number(length) : -1;
}

/** A chunk about to be written: counted, or the stream reset when it runs past the length. */
export function countChunk(res, chunk, encoding) {
  if (!res.headersSent) res.writeHead(res.statusCode); // as Node's write does next: the length is final then
  const left = res[LEFT];
  if (typeof left !== "number") return;
  const size = byteSize(chunk, encoding);
  if (size <= left) res[LEFT] = left - size;
  else reset(res, left);
}

// What Node's write sends of a chunk (anything else it refuses with a TypeError).
function byteSize(chunk, encoding) {
  if (typeof chunk === "string") return Buffer.byteLength(chunk, typeof encoding === "string" ? encoding : "utf8");
  return ArrayBuffer.isView(chunk) ? chunk.byteLength : 0;
}

/** The body ends: the stream reset instead when it is short of the length. */
export function countEnd(res) {
  if (!res.headersSent) res.writeHead(res.statusCode);
  const left = res[LEFT];
  if (typeof left === "number" && left !== 0) reset(res, left);
}

// As Node's compat response ends a stream that failed: destroyed with an error, which sends
// RST_STREAM INTERNAL_ERROR, ignores later writes and emits 'close' on the response (the
// error itself goes nowhere: compat streams swallow theirs).
function reset(res, left) {
  const error = new Error(
    `The body does not match the response's Content-Length: ${res.getHeader("content-length")} (${left} bytes left)`,
  );
  error.code = "ERR_HTTP_CONTENT_LENGTH_MISMATCH";
  res[LEFT] = undefined;
  res.destroy(error);
}
