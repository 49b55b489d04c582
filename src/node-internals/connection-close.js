// How an HTTP/1.1 connection ends after a "Connection: close" answer, which the lingering close
// of a body nobody reads changes (body/lingering-close.js): Node's server calls the socket's
// destroySoon() once the answer is written, and hands each request its parser reads to the app
// through parser.onIncoming.
//
// Checked on Node 22, 24 and 26 by test/node-internals/connection-close.test.js. When a release
// ends such a connection otherwise, the lingering close is not called: Node closes the
// connection as it does without lib-server (a client still sending may see a reset instead of
// the answer); refuseLaterRequests does nothing on a connection without a parser.
import { nodeModule } from "../deps.js";

/**
 * Makes `close` what ends this connection after a response sent with "Connection: close";
 * it runs as a method of the socket.
 */
export function onClosingAnswer(socket, close) {
  socket.destroySoon = close;
}

/**
 * Makes the connection hand no later request to the app: one that arrives destroys the
 * connection instead. Node's server still emits 'request' for a request pipelined behind a
 * "Connection: close" answer while the connection is open (it sets parser.onIncoming anew
 * for each connection, so this ends with this one).
 */
export function refuseLaterRequests(socket) {
  const parser = socket.parser;
  if (!parser) return;
  parser.onIncoming = () => {
    socket.destroy();
    return 0;
  };
}

/** What Node's server would have done instead (end, then destroy once written). */
export const destroySoon = (socket) => nodeModule("node:net").Socket.prototype.destroySoon.call(socket);
