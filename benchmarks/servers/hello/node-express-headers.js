// node:http answering what res.send("ok") answers, headers and weak ETag included.
import { createServer } from "node:http";
import { sendLikeExpress } from "../node-send.js";
import { port, host, ready } from "../ready.js";

createServer((req, res) => {
  sendLikeExpress(res, "ok", "text/html; charset=utf-8");
}).listen(port, host, ready);
