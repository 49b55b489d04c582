// The correctness check's request over HTTP/2 (h2c with prior knowledge, or h2
// over TLS with the benchmarks' self-signed certificate), with Node's http2 client:
// the same { status, headers, body } as http-check.js send.
import { connect } from "node:http2";
import { TIMEOUT_MS } from "./http-check.js";

export function sendH2(baseUrl, { method = "GET", path, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const session = connect(baseUrl, { rejectUnauthorized: false });
    const fail = (error) => {
      session.destroy();
      reject(error);
    };
    session.once("error", fail);
    session.setTimeout(TIMEOUT_MS, () => fail(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    const stream = session.request({ ":method": method, ":path": path, ...headers });
    stream.once("error", fail);
    stream.once("response", (responseHeaders) => {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.once("end", () => {
        session.close();
        resolve({ status: responseHeaders[":status"], headers: responseHeaders, body: Buffer.concat(chunks) });
      });
    });
    stream.end(body);
  });
}
