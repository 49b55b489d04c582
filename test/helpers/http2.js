// HTTP/2 in tests: a self-signed certificate (made with openssl at test time), Node's
// http2 client for one request, and curl for a second, independent
// HTTP/2 client.
import http2 from "node:http2";
import { spawn, spawnSync } from "node:child_process";

/** { key, cert } for "localhost" and 127.0.0.1: scripts/test-certificate.js, shared with the benchmarks. */
export { testCertificate } from "../../scripts/test-certificate.js";

/** Listens `app.listen({ port: 0, host, http2: true, ...options })`; resolves to { server, port, close() }. */
export function listenHttp2(app, options = {}) {
  return new Promise((resolve, reject) => {
    const server = app.listen({ port: 0, host: "127.0.0.1", http2: true, ...options });
    server.once("error", reject);
    server.once("listening", () => resolve({ server, port: server.address().port, close: () => app.close() }));
  });
}

/**
 * One HTTP/2 request on a session of its own. `origin`: "http://127.0.0.1:port" (h2c) or
 * "https://..." (TLS, the test certificate trusted). Resolves to { status, headers (without
 * pseudo-headers), body (Buffer), text }.
 */
export function h2request(origin, { method = "GET", path = "/", headers = {}, body, timeout = 10_000 } = {}) {
  return new Promise((resolve, reject) => {
    const session = http2.connect(origin, { rejectUnauthorized: false });
    session.on("error", reject);
    const stream = session.request({ ":method": method, ":path": path, ...headers }, { endStream: body === undefined });
    stream.setTimeout(timeout, () => stream.close(http2.constants.NGHTTP2_CANCEL));
    let status;
    let responseHeaders;
    const chunks = [];
    stream.on("response", (received) => {
      status = received[":status"];
      responseHeaders = Object.fromEntries(Object.entries(received).filter(([name]) => name[0] !== ":"));
    });
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("error", reject);
    stream.on("close", () => {
      session.close();
      if (status === undefined)
        return reject(new Error(`${method} ${path}: stream closed without a response (code ${stream.rstCode})`));
      const bytes = Buffer.concat(chunks);
      resolve({ status, headers: responseHeaders, body: bytes, text: bytes.toString() });
    });
    if (body !== undefined) stream.end(body);
  });
}

/** Whether this curl speaks HTTP/2 (built with nghttp2). */
export const curlHasHttp2 = () => {
  const result = spawnSync("curl", ["--version"], { encoding: "utf8" });
  return result.status === 0 && /\bHTTP2\b/.test(result.stdout);
};

/**
 * One request with curl (`flags`: ["--http2-prior-knowledge"] or ["--http2", "-k"], ...).
 * Resolves to { version, status, headers (lower-cased names; repeated ones as arrays), text }.
 */
export function curl(url, { method = "GET", headers = {}, body, flags = [] } = {}) {
  // HEAD: -I, which prints the headers (-D would print them a second time).
  const args = [
    "-sS",
    "--path-as-is",
    ...(method === "HEAD" ? ["-I"] : ["-D", "-", "-o", "-", "-X", method]),
    ...flags,
  ];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  if (body !== undefined) args.push("--data-binary", "@-");
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn("curl", args, { stdio: ["pipe", "pipe", "ignore"] });
    const chunks = [];
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.on("error", reject);
    child.on("close", (status) =>
      status === 0 ? resolve(parseCurlOutput(Buffer.concat(chunks))) : reject(new Error(`curl exited with ${status}`)),
    );
    child.stdin.end(body);
  });
}

function parseCurlOutput(output) {
  const text = output.toString("latin1");
  const end = text.indexOf("\r\n\r\n");
  const [statusLine, ...lines] = text.slice(0, end).split("\r\n");
  const headers = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (headers[name] === undefined) headers[name] = value;
    else headers[name] = [].concat(headers[name], value);
  }
  const [version, status] = statusLine.split(" ");
  return { version, status: Number(status), headers, text: output.subarray(end + 4).toString() };
}
