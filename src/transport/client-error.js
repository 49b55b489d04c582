// Requests Node's parser rejects (malformed request line or headers, smuggling attempts,
// oversized headers, slow clients) get a short, honest answer and a closed connection,
// instead of Node's silent drop. Nothing here can throw into the process.
import { responseOnSocket } from "../node-internals/connections.js";

const ANSWERS = {
  HPE_HEADER_OVERFLOW: "431 Request Header Fields Too Large",
  HPE_CHUNK_EXTENSIONS_OVERFLOW: "413 Payload Too Large", // Node's own status for it
  ERR_HTTP_REQUEST_TIMEOUT: "408 Request Timeout",
  HPE_URI_TOO_LONG: "414 URI Too Long",
};

export function handleClientError(app, err, socket) {
  if (app.listenerCount("clientError") > 0) app.emit("clientError", err, socket);
  // Reset by the peer or nothing left to answer on: just let the socket go.
  if (err.code === "ECONNRESET" || !socket.writable || responseOnSocket(socket)?.headersSent) {
    socket.destroy();
    return;
  }
  const status = ANSWERS[err.code] ?? "400 Bad Request";
  const body = status.slice(4);
  // Written, then the socket is destroyed: a client that keeps its side open must not hold
  // the connection until headersTimeout.
  socket.end(
    `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
