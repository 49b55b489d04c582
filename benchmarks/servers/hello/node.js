// The ceiling: raw node:http, no routing at all.
import { createServer } from "node:http";
import { port, host, ready } from "../ready.js";

createServer((req, res) => {
  res.end("ok");
}).listen(port, host, ready);
