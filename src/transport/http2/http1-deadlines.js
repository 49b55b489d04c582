// HTTP/1.1 over TLS on the HTTP/2 server (the ALPN fallback) runs Node's HTTP/1.1 code but
// not an http.Server's connection checks, so headersTimeout and requestTimeout would never
// cut off a slow client there. These deadlines stand in for them, per connection: the head
// of each request must arrive within headersTimeout (counted from the connection, or from
// the previous answer: keepAliveTimeout closes idle connections sooner), its body within
// requestTimeout of the head. Past a deadline the connection gets the clientError answer
// Node's checks give (408) and is closed.
const DEADLINE = Symbol("lib-server.http1Deadline");

/** Starts the deadlines of an HTTP/1.1 connection the HTTP/2 server took. */
export function watchHttp1Connection(server, socket, limits) {
  arm(server, socket, limits.headersTimeout);
  socket.once("close", () => clearTimeout(socket[DEADLINE]));
}

/** The server's "request" listener: from head to body, then from the answer to the next head. */
export function http1RequestDeadlines(server, limits) {
  return (req, res) => {
    if (req.httpVersionMajor === 2) return;
    const socket = req.socket;
    arm(server, socket, limits.requestTimeout, req);
    res.once("finish", () => {
      if (!socket.destroyed) arm(server, socket, limits.headersTimeout, null);
    });
  };
}

function arm(server, socket, timeout, req) {
  clearTimeout(socket[DEADLINE]);
  if (!(timeout > 0)) return;
  socket[DEADLINE] = setTimeout(expire, timeout, server, socket, req);
  socket[DEADLINE].unref();
}

// A request Node's parser has read to its end (req.complete, whether or not the app read
// the body) is not a slow client, however long the app takes to answer it.
function expire(server, socket, req) {
  if (socket.destroyed || req?.complete) return;
  const err = Object.assign(new Error("Request Timeout"), { code: "ERR_HTTP_REQUEST_TIMEOUT" });
  if (!server.emit("clientError", err, socket)) socket.destroy();
}
