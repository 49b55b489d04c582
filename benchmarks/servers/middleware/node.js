// The ceiling: the same five steps written inline, no next() chain.
import { createServer } from "node:http";
import { TOKEN } from "./stack.js";
import { port, host, ready } from "../ready.js";

let lastRequestId = 0;

createServer((req, res) => {
  req.id = ++lastRequestId;
  res.setHeader("x-powered-by", "bench");
  res.setHeader("access-control-allow-origin", "*");
  if (req.headers.authorization !== TOKEN) {
    res.statusCode = 401;
    res.end("unauthorized");
    return;
  }
  req.user = "bench";
  req.startedAt = performance.now();
  res.end(req.user);
}).listen(port, host, ready);
