// The ceiling: what one would hand-write with node:http alone, one regular
// expression standing in for the 100 routes.
import { createServer } from "node:http";
import { port, host, ready } from "../ready.js";

const USER_ROUTE = /^\/r(?:\d|[1-9]\d)\/users\/([^/]+)$/;

createServer((req, res) => {
  const queryStart = req.url.indexOf("?");
  const path = queryStart === -1 ? req.url : req.url.slice(0, queryStart);
  const match = USER_ROUTE.exec(path);
  if (match === null) {
    res.statusCode = 404;
    res.end();
    return;
  }
  const query = new URLSearchParams(queryStart === -1 ? "" : req.url.slice(queryStart + 1));
  res.setHeader("content-type", "application/json; charset=utf-8");
  // A missing page is left out of the JSON, as Express does with undefined.
  res.end(JSON.stringify({ id: decodeURIComponent(match[1]), page: query.get("page") ?? undefined }));
}).listen(port, host, ready);
