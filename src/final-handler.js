// What answers when nothing else did: Express's 404 "Cannot GET /x" page, or the error
// page (status from err.status/err.statusCode, stack hidden in production).
import { routingPathOf } from "./url.js";
import { abandonBody, answersBeforeBody, endExchange, isBodyAbandoned } from "./transport/exchange.js";
import { htmlPage } from "./errors.js";
import { removeHeaders, setValidHeader } from "./node-internals/header-storage.js";
import * as headerTable from "./headers.js";
import { encodeUrl, escapeHtml, statuses } from "./deps.js";

// Consts of this module, not imported bindings (headers.js says why).
const {
  CONTENT_ENCODING,
  CONTENT_LANGUAGE,
  CONTENT_LENGTH,
  CONTENT_RANGE,
  CONTENT_SECURITY_POLICY,
  CONTENT_TYPE,
  X_CONTENT_TYPE_OPTIONS,
} = headerTable;

export function finalHandler(req, res, err, env, onError) {
  if (!err && res.headersSent) return; // a 404 on a response already under way: leave it
  let status;
  let headers;
  let message;
  if (err) {
    // Hostile error objects (throwing getters, odd toString) must not take the process down.
    try {
      status = errorStatus(err);
      if (status === undefined) {
        status = res.statusCode >= 400 && res.statusCode <= 599 ? res.statusCode : 500;
      } else if (err.headers && typeof err.headers === "object") {
        headers = err.headers;
      }
      message =
        (env !== "production" && (err.stack || (typeof err.toString === "function" && err.toString()))) ||
        statuses.message[status];
    } catch {
      status = 500;
      headers = undefined;
      message = statuses.message[500];
    }
    if (onError) setImmediate(onError, err, req, res);
  } else {
    status = 404;
    message = `Cannot ${req.method} ${encodeUrl(originalPathname(req))}`;
  }
  if (res.headersSent) {
    endExchange(req, res); // cannot answer any more
    return;
  }
  const write = () => send(req, res, status, headers, message);
  // Answer once the request is read to its end, as finalhandler does: the client then
  // reads the response cleanly, and hooks on the request's end (on-finished, loggers) run
  // before those on the response's. A complete request waits for its 'end' too: code after
  // the next() that led here still sees an open response, as in Express (and no timer is
  // involved, which Jest's fake timers would hold back). A body a parser gave up on past
  // its limit is not drained: the connection closes after this answer instead.
  if (req.readableEnded || !req.socket || isBodyAbandoned(req)) write();
  // A destroyed request will not end: answered a tick later, as stream.finished() would.
  else if (req.destroyed) process.nextTick(write);
  // A request on a connection with others (HTTP/2) whose body may never come: answered a tick
  // later (the response still open after next(), as above) while the body, if it comes, is
  // dropped, and the rest of one that does not end is reset (transport/exchange.js): Node's
  // own server and nginx answer without a body nobody reads too. One without a body still
  // waits for its 'end', which comes at once.
  else if (answersBeforeBody(req)) {
    abandonBody(req);
    process.nextTick(write);
  } else {
    req.unpipe();
    whenRead(req, write);
    req.resume();
  }
}

// At the request's 'end' (or its 'close' or 'error' when it never ends), as on-finished
// waits in finalhandler. Not stream.finished(): it waits for 'close' after 'end' and binds
// its callback to an AsyncResource: a tenth of a 404's instructions (benchmarks/NOTES.md,
// "The final handler's 404: 10% fewer instructions").
function whenRead(req, callback) {
  const done = () => {
    req.off("end", done);
    req.off("close", done);
    req.off("error", done);
    callback();
  };
  req.on("end", done);
  req.on("close", done);
  req.on("error", done);
}

function errorStatus(err) {
  if (typeof err.status === "number" && err.status >= 400 && err.status < 600) return err.status;
  if (typeof err.statusCode === "number" && err.statusCode >= 400 && err.statusCode < 600) return err.statusCode;
  return undefined;
}

function originalPathname(req) {
  return routingPathOf(req.originalUrl || req.url) ?? "resource";
}

function send(req, res, status, headers, message) {
  if (res.headersSent) return;
  const body = errorPage(message);
  res.statusCode = status;
  res.statusMessage = statuses.message[status];
  removeHeaders(res, REMOVED_HEADERS);
  if (headers) {
    for (const [key, value] of Object.entries(headers)) {
      try {
        res.setHeader(key, value);
      } catch {
        // an invalid name or value in err.headers: leave that header out
      }
    }
  }
  // Constants and a length: valid values, stored without setHeader's checks when it is Node's own.
  setValidHeader(res, CONTENT_SECURITY_POLICY, "default-src 'none'");
  setValidHeader(res, X_CONTENT_TYPE_OPTIONS, "nosniff");
  setValidHeader(res, CONTENT_TYPE, "text/html; charset=utf-8");
  setValidHeader(res, CONTENT_LENGTH, Buffer.byteLength(body, "utf8"));
  try {
    if (req.method === "HEAD") res.end();
    else res.end(body, "utf8");
  } catch {
    // The app's own headers go out with this page. Over HTTP/2 Node checks some only then
    // (a value whose toString throws): the throw that led here comes again.
    endExchange(req, res);
  }
}

// What the error page must not inherit from an answer that was under way.
const REMOVED_HEADERS = [CONTENT_ENCODING, CONTENT_LANGUAGE, CONTENT_RANGE];

// finalhandler's formatting of the message: line breaks and runs of spaces kept.
function errorPage(message) {
  return htmlPage("Error", escapeHtml(message).replaceAll("\n", "<br>").replaceAll("  ", " &nbsp;"));
}
