// How an exchange (one request and its answer) ends when it cannot end as usual, for the
// modules outside the transport that end one: the final handler and the body parsers, which
// ask here rather than which protocol carries the request. Over HTTP/1.1 an exchange holds its
// connection, which carries the next request only once this one's body is read. Over HTTP/2
// it is one stream of a session that carries others: the answer needs no body read first, and
// whatever goes wrong ends this stream only.
//
// A request body nobody will read (a parser gave up on it past its limit, or the final
// handler answers an HTTP/2 request without it) is answered at once, without draining a body
// that may never end. After the answer, over HTTP/1.1, the connection closes
// (body/lingering-close.js, which the body parsers arrange). Over HTTP/2 only the stream
// ends: what still arrives is read and dropped for LINGER_MS, so a client still sending finishes its body cleanly, and the rest of
// one not ended by then (withheld, stalled, too long) is reset with RST_STREAM NO_ERROR, which
// tells the client to stop sending and keep the answer (RFC 9113 §8.1). Not at once, as nginx
// and Node's own server do: curl 7.88 then mostly reports an error (92) instead of the answer,
// and a Node client stream with a write pending never closes.
/** How long a client still sending a body nobody reads has to finish it (the answer goes meanwhile). */
export const LINGER_MS = 5000;

// A registered symbol: the body parsers load through require(), which under a test runner
// can mean another instance of this module.
const ABANDONED_BODY = Symbol.for("lib-server.abandonedBody");
const HTTP2_NO_ERROR = 0;
const HTTP2_INTERNAL_ERROR = 0x2;

/** Whether the request's connection carries other exchanges (HTTP/2): none to keep in sync with its body. */
export const sharesConnection = (req) => req.httpVersionMajor === 2;

/**
 * Whether the final handler answers without waiting for the request's body: one that shares
 * its connection and announced a body, which may never come (a Content-Length declared, then
 * nothing, would hold the answer until requestTimeout).
 */
export const answersBeforeBody = (req) => sharesConnection(req) && req.stream?.endAfterHeaders === false;

/** Marks the body of `req` as one nobody reads; over HTTP/2, the stream lingers, then resets. */
export function abandonBody(req) {
  if (req[ABANDONED_BODY] === true) return;
  req[ABANDONED_BODY] = true;
  if (!sharesConnection(req) || !req.stream) return;
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

/**
 * Ends an exchange whose answer cannot be given whole, not the process: over HTTP/1.1 its
 * connection; over HTTP/2 a reset of its stream (INTERNAL_ERROR, RFC 9113 §7), so the client
 * does not take a half answer for a whole one, and its other streams go on.
 */
export function endExchange(req, res) {
  if (sharesConnection(req) && res.stream) res.stream.close(HTTP2_INTERNAL_ERROR);
  else req.socket?.destroy();
}
