// The floor: stack.js's five steps inline on node:http, no next() chain, the route matched by
// hand, a body read only when one is announced (body-parser's own hasBody rule), and the
// answer with the headers res.json writes (Content-Type, Content-Length, weak SHA-1 ETag).
import { createServer } from "node:http";
import { TOKEN, CORS_HEADERS, userOf, nextRequestId } from "./stack.js";
import { sendLikeExpress } from "../node-send.js";
import { port, host, ready } from "../ready.js";

const JSON_TYPE = "application/json; charset=utf-8";
const USERS = "/users/";

function sendJson(res, status, value) {
  res.statusCode = status;
  sendLikeExpress(res, JSON.stringify(value), JSON_TYPE);
}

function answer(req, res) {
  if (req.method === "GET" && req.url.startsWith(USERS)) return sendJson(res, 200, userOf(req.url.slice(USERS.length)));
  res.statusCode = 404;
  res.end();
}

createServer((req, res) => {
  try {
    res.setHeader("x-request-id", nextRequestId());
    if (req.headers.authorization !== TOKEN) return sendJson(res, 401, { error: "unauthorized" });
    req.user = "bench";
    for (const name in CORS_HEADERS) res.setHeader(name, CORS_HEADERS[name]);
    const hasBody = req.headers["transfer-encoding"] !== undefined || req.headers["content-length"] !== undefined;
    if (!hasBody) return answer(req, res);
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      try {
        req.body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return sendJson(res, 400, { error: "invalid json" });
      }
      answer(req, res);
    });
  } catch {
    res.statusCode = 500;
    res.end();
  }
}).listen(port, host, ready);
