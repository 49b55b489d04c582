// The ceiling: raw node:http reads the body, JSON.parse, echo. No routing,
// no content-type or limit checks.
import { createServer } from "node:http";
import { port, host, ready } from "../ready.js";

createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      res.statusCode = 400;
      res.end();
      return;
    }
    res.setHeader("content-type", "application/json; charset=utf-8");
    res.end(JSON.stringify(body));
  });
}).listen(port, host, ready);
