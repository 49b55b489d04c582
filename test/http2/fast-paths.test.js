// The direct header storage of src/node-internals.js is http's own: an HTTP/2 response
// goes through its own setHeader/getHeader, and answering one first must not turn the fast
// path off for every HTTP/1.1 response after it (the storage key is found once per process,
// hence a process of its own here).
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const script = `
import http2 from "node:http2";
import http from "node:http";
import { headerOf, setValidHeader, outHeadersKeyOf } from "./src/node-internals.js";
import { CONTENT_TYPE } from "./src/headers.js";
const server = http2.createServer((req, res) => {
  setValidHeader(res, CONTENT_TYPE, "text/plain");
  res.end(String(headerOf(res, CONTENT_TYPE)));
});
server.listen(0, () => {
  const session = http2.connect("http://127.0.0.1:" + server.address().port);
  const stream = session.request({ ":path": "/" });
  let http2Answer = "";
  stream.on("data", (chunk) => (http2Answer += chunk));
  stream.on("end", () => {
    const res = new http.ServerResponse(new http.IncomingMessage(null));
    console.log(JSON.stringify({ http2Answer, http1Key: String(outHeadersKeyOf(res)) }));
    session.close();
    server.close();
  });
});
`;

test("an HTTP/2 response first: its own methods answer, and HTTP/1.1 keeps the fast path", () => {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" });
  expect(JSON.parse(output)).toEqual({ http2Answer: "text/plain", http1Key: "Symbol(kOutHeaders)" });
});
