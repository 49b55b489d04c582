// h2c and HTTP/1.1 on one port: an HTTP/2 client with prior knowledge opens with the
// connection preface (RFC 9113 §3.4), which no HTTP/1.1 request line can start with past
// "PRI * HTTP/2.0". The first bytes decide: the preface goes to the HTTP/2 server, the
// first byte that departs from it to the HTTP/1.1 server (whose parser answers garbage
// with a 400). Bytes read are put back on the socket before it is handed over.
const PREFACE = Buffer.from("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", "latin1");

/**
 * Reads `socket` until its protocol is known, then calls toHttp2(socket) or
 * toHttp1(socket), the socket paused with what was read put back. A client that stops half
 * way through the preface is cut off after `timeout` ms; one that ends its side before that
 * is closed at once.
 */
export function routeByPreface(socket, { toHttp1, toHttp2, timeout }) {
  let received = null;
  const onData = (chunk) => {
    received = received === null ? chunk : Buffer.concat([received, chunk]);
    const compared = Math.min(received.length, PREFACE.length);
    const isPreface = received.compare(PREFACE, 0, compared, 0, compared) === 0;
    if (isPreface && received.length < PREFACE.length) return; // a slow client: wait for the rest
    handOver(isPreface ? toHttp2 : toHttp1);
  };
  // Nothing, or a piece of the preface, then the end: no request either protocol could
  // answer (Node's HTTP/1.1 parser would not even see the end once handed the socket now).
  const onEnd = () => {
    stop();
    socket.destroy();
  };
  const onClose = () => stop();
  const onError = () => socket.destroy(); // a reset while reading the preface: nothing to answer
  const timer = setTimeout(() => {
    stop();
    socket.destroy();
  }, timeout);
  timer.unref();

  function stop() {
    clearTimeout(timer);
    socket.off("data", onData);
    socket.off("end", onEnd);
    socket.off("close", onClose);
    socket.off("error", onError);
  }

  // Paused with the bytes put back: HTTP/2 reads them from the buffer on its next tick
  // (Node's Http2Session does, for sockets handed over like this one), HTTP/1.1's parser
  // from the 'data' events resuming gives.
  function handOver(to) {
    stop();
    socket.pause();
    if (received !== null) socket.unshift(received);
    to(socket);
  }

  socket.on("data", onData);
  socket.on("end", onEnd);
  socket.on("close", onClose);
  socket.on("error", onError);
}
