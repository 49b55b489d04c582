// The floor: each npm middleware called on node:http's own req/res, the route matched by
// hand, the answer with the headers res.json writes (Content-Type, Content-Length, weak
// SHA-1 ETag).
import { createServer } from "node:http";
import { NAMES, answerOf } from "./api.js";
import { middlewareOf } from "./stack.js";
import { sendLikeExpress } from "../node-send.js";
import { port, host, ready } from "../ready.js";

const JSON_TYPE = "application/json; charset=utf-8";
const routes = new Map(NAMES.map((name) => [`/${name}`, { name, middleware: middlewareOf(name) }]));

createServer((req, res) => {
  const route = req.method === "GET" ? routes.get(req.url) : undefined;
  if (route === undefined) {
    res.statusCode = 404;
    res.end();
    return;
  }
  route.middleware(req, res, () => sendLikeExpress(res, JSON.stringify(answerOf(route.name, req.cookies)), JSON_TYPE));
}).listen(port, host, ready);
