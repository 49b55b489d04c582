// A request body nobody will read: a parser gave up on it past its limit, or, over HTTP/2,
// the final handler answers without it. The final handler answers such a request at once,
// without draining a body that may never end. After the answer, over HTTP/1.1, the
// connection closes (body/lingering-close.js). Over HTTP/2 only the stream ends: what still
// arrives is read and dropped for LINGER_MS, so a client still sending finishes its body
// cleanly, and the rest of one not ended by then (withheld, stalled, too long) is reset with
// RST_STREAM NO_ERROR, which tells the client to stop sending and keep the answer (RFC 9113
// §8.1). Not at once, as nginx and Node's own server do: curl 7.88 then mostly reports an
// error (92) instead of the answer, and a Node client stream with a write pending never closes.

/** How long a client still sending a body nobody reads has to finish it (the answer goes meanwhile). */
export const LINGER_MS = 5000;

// A registered symbol: the body parsers load through require(), which under a test runner
// can mean another instance of this module.
const ABANDONED_BODY = Symbol.for("lib-server.abandonedBody");
const HTTP2_NO_ERROR = 0;

/** Marks the body of `req` as one nobody reads; over HTTP/2, the stream lingers, then resets. */
export function abandonBody(req) {
  if (req[ABANDONED_BODY] === true) return;
  req[ABANDONED_BODY] = true;
  if (req.httpVersionMajor !== 2 || !req.stream) return;
  const stream = req.stream;
  const timer = setTimeout(resetAfterAnswer, LINGER_MS, stream);
  timer.unref();
  stream.once("close", () => clearTimeout(timer));
  req.unpipe();
  req.resume(); // nobody listens: the chunks are dropped
}

export const isBodyAbandoned = (req) => req[ABANDONED_BODY] === true;

// close() before the answer is written would cut it short (it ends the writable side).
function resetAfterAnswer(stream) {
  if (stream.writableFinished) stream.close(HTTP2_NO_ERROR);
  else stream.once("finish", () => stream.close(HTTP2_NO_ERROR));
}
