import http from "node:http";

/** Listens on 127.0.0.1:0; resolves to { port, close() }. */
export function listen(handler) {
  const server = http.createServer(handler);
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve({
        port: server.address().port,
        close: () => new Promise((done) => server.close(done)),
      });
    });
  });
}

/**
 * Sends one request on a fresh connection.
 * `body`: string | Buffer (sent with Content-Length unless headers say
 * otherwise) or an array of chunks (sent chunked, no Content-Length), with
 * `pause` ms before each chunk so that they reach the server in separate reads.
 * Resolves to { status, headers, text }.
 */
export function send(port, { method = "POST", path = "/", headers = {}, body, pause = 0 } = {}) {
  return new Promise((resolve, reject) => {
    const chunked = Array.isArray(body);
    const finalHeaders = { ...headers };
    if (body !== undefined && !chunked && !hasHeader(finalHeaders, "content-length")) {
      finalHeaders["content-length"] = Buffer.byteLength(body);
    }
    const req = http.request({ host: "127.0.0.1", port, method, path, headers: finalHeaders, agent: false }, (res) => {
      const parts = [];
      res.on("data", (chunk) => parts.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(parts).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.setTimeout(10_000, () => req.destroy(new Error("request timed out")));
    if (chunked && pause > 0) {
      req.flushHeaders();
      writeSlowly(req, body, pause);
    } else if (chunked) {
      for (const chunk of body) req.write(chunk);
      req.end();
    } else {
      req.end(body);
    }
  });
}

function writeSlowly(req, chunks, pause, index = 0) {
  setTimeout(() => {
    if (req.destroyed) return;
    if (index === chunks.length) req.end();
    else {
      req.write(chunks[index]);
      writeSlowly(req, chunks, pause, index + 1);
    }
  }, pause);
}

function hasHeader(headers, name) {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}
