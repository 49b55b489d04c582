// A json() middleware alone on node:http, echoing req.body: isolates the
// parser's cost from any framework's. Shared by the two variants below.
import { createServer } from "node:http";
import { port, host, ready } from "../ready.js";

export function serveEcho(jsonParser) {
  createServer((req, res) => {
    jsonParser(req, res, (err) => {
      if (err) {
        res.statusCode = err.status || 500;
        res.end(err.message);
        return;
      }
      res.setHeader("content-type", "application/json; charset=utf-8");
      res.end(JSON.stringify(req.body));
    });
  }).listen(port, host, ready);
}
