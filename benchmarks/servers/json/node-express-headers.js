// node:http answering what res.json({ hello: "world" }) answers, headers and weak ETag included.
import { createServer } from "node:http";
import { sendLikeExpress } from "../node-send.js";
import { port, host, ready } from "../ready.js";

createServer((req, res) => {
  sendLikeExpress(res, JSON.stringify({ hello: "world" }), "application/json; charset=utf-8");
}).listen(port, host, ready);
