// The ceiling: raw node:http, no routing at all.
import { createServer } from "node:http";
import { port, host, ready } from "../ready.js";

createServer((req, res) => {
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.end(JSON.stringify({ hello: "world" }));
}).listen(port, host, ready);
