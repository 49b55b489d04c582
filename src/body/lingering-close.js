// A lingering close, for a connection whose client is still sending a body nobody will read
// (a body parser gave up on it past its limit). Node ends such a connection as soon as the
// answer is written; with the client's bytes still arriving, that close is a reset, and the
// client's kernel then drops the answer it has not read yet: the client sees EPIPE or
// ECONNRESET instead of the 413. As nginx's lingering_close does, the answer goes out with
// a FIN, what still arrives is read and discarded until the body ends or the client stops,
// and the connection is closed then, or after LINGER_MS at most. A request pipelined
// behind the body is not run (RFC 9112 §9.6: none after a "close"): it ends the connection.
import { LINGER_MS } from "../transport/exchange.js";
import { destroySoon, onClosingAnswer, refuseLaterRequests } from "../node-internals/connection-close.js";

/**
 * Makes the HTTP/1.1 connection of `req` linger once its "Connection: close" answer is
 * written. (Over HTTP/2 the connection carries other streams: transport/exchange.js ends only this one.)
 */
export function lingerAfterAnswer(req) {
  const socket = req.socket;
  if (!socket) return;
  onClosingAnswer(socket, () => {
    if (socket.writable) socket.end(); // the answer, then the FIN: the client can read it
    refuseLaterRequests(socket);
    if (req.readableEnded) {
      destroySoon(socket);
      return;
    }
    const close = () => {
      clearTimeout(timer);
      req.off("end", close);
      destroySoon(socket);
    };
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
    req.once("end", close);
    req.resume(); // nobody listens: the chunks are dropped
  });
}
