// The real-world stack written by hand on node:http, no framework: the same npm middleware
// (cors, helmet, cookie-parser) and request id called in a loop, the bearer check, the body
// read and JSON.parse for a JSON POST, the two routes matched by hand, and the answer with
// the headers res.json writes (Content-Type, Content-Length, weak SHA-1 ETag). The floor for
// what a framework adds to this app.
import { createServer } from "node:http";
import cors from "cors";
import helmet from "helmet";
import cookieParser from "cookie-parser";
import { requestId } from "./app.js";
import { TOKEN, userOf, createdUser } from "./api.js";
import { sendLikeExpress } from "../node-send.js";
import { port, host, ready } from "../ready.js";

const JSON_TYPE = "application/json; charset=utf-8";
const USERS = "/api/users";
const stack = [requestId, cors(), helmet(), cookieParser()];

function sendJson(res, status, value) {
  res.statusCode = status;
  sendLikeExpress(res, JSON.stringify(value), JSON_TYPE);
}

function runStack(req, res, index) {
  if (index === stack.length) return afterStack(req, res);
  stack[index](req, res, () => runStack(req, res, index + 1));
}

function afterStack(req, res) {
  if (req.headers.authorization !== TOKEN) return sendJson(res, 401, { error: "unauthorized" });
  req.user = "bench";
  if (req.method === "GET" && req.url.startsWith(`${USERS}/`)) {
    return sendJson(res, 200, userOf(req.url.slice(USERS.length + 1), req.cookies.theme));
  }
  if (req.method === "POST" && req.url === USERS && req.headers["content-type"] === "application/json") {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => sendJson(res, 201, createdUser(JSON.parse(Buffer.concat(chunks).toString("utf8")))));
    return;
  }
  res.statusCode = 404;
  res.end();
}

createServer((req, res) => runStack(req, res, 0)).listen(port, host, ready);
