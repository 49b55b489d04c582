import { AsyncResource } from "node:async_hooks";
import { finished } from "node:stream";
import { charsetOf, decode, isKnownCharset, unsupportedCharset } from "./charset.js";
import { abandonBody, sharesConnection } from "../transport/exchange.js";
import { asHttpError, createHttpError } from "../errors.js";
import { lingerAfterAnswer } from "./lingering-close.js";
import { readStream } from "./read.js";

// The request flow shared by json/urlencoded/text/raw, with body-parser 2's
// rules: which requests are parsed, charset and Content-Encoding checks,
// reading under the limit, verify, parse, and draining the request on error
// (up to 16 MiB of it; past that, answering at once and closing the connection
// with a lingering close). The Express 4 mode's parsers (body-parser 1.x's rules
// on which requests are parsed) share requestCharset and readBody.

/**
 * @param {string} name the middleware's function name, as body-parser's
 * @param {object} settings normalizeOptions() output plus
 *   parse: ((text|buffer, charset) => body) | null (null: the body as read),
 *   isValidCharset: ((charset) => boolean) | null,
 *   skipCharset: boolean (raw bodies are never decoded)
 * @returns {(req, res, next) => void}
 */
export function createBodyParser(name, settings) {
  const shouldParse = settings.shouldParse;

  const bodyParser = function (req, res, next) {
    if (req._body === true || requestFinished(req)) {
      next(); // another parser already consumed the body
      return;
    }
    if (!("body" in req)) req.body = undefined;
    if (!hasBody(req) || !shouldParse(req)) {
      next();
      return;
    }
    const charset = requestCharset(req, settings);
    if (charset instanceof Error) next(charset);
    else if (charset === null || isKnownCharset(charset)) readBody(req, res, next, settings, charset);
    else refuseCharset(req, res, next, settings, charset);
  };
  // body-parser's names (jsonParser, ...), as tools listing a router's stack show them.
  Object.defineProperty(bodyParser, "name", { value: name });
  return bodyParser;
}

/**
 * The charset a body will be decoded with (the request's, else the default), null for a
 * body never decoded, or the 415 error for one the parser refuses. (Whether iconv knows
 * it is isKnownCharset's question.)
 */
export function requestCharset(req, settings) {
  if (settings.skipCharset) return null;
  const charset = charsetOf(req.headers["content-type"]) || settings.defaultCharset;
  if (settings.isValidCharset !== null && !settings.isValidCharset(charset)) return unsupportedCharset(charset);
  return charset;
}

/**
 * The 415 for a charset iconv does not know (reported lower-cased). body-parser (1.x and 2.x)
 * learns it when raw-body makes its decoder: after the Content-Encoding checks and the
 * declared length's (a 413 comes first), before reading; it then reads off the whole body and
 * answers. With a verify function it answers at once, before those checks.
 */
export function refuseCharset(req, res, next, settings, charset) {
  const refusal = unsupportedCharset(charset, charset.toLowerCase());
  if (settings.verify) next(refusal);
  else readBody(req, res, next, settings, null, refusal);
}

/**
 * Reads the body of a request the parser accepted (content encoding, limit), then
 * verifies and parses it into req.body, and calls next (with the error, if any). With a
 * `refusal`, fails with it once the checks before reading have passed, as a read error.
 */
export function readBody(req, res, next, settings, charset, refusal = null) {
  let stream = req;
  let length = null;
  const encoding = (req.headers["content-encoding"] || "identity").toLowerCase();
  if (encoding === "identity") {
    const header = req.headers["content-length"];
    if (header !== undefined) length = parseInt(header, 10);
  } else if (!settings.inflate) {
    next(createHttpError(415, "content encoding unsupported", { encoding, type: "encoding.unsupported" }));
    return;
  } else {
    stream = settings.decompressor(encoding);
    if (stream === null) {
      next(
        createHttpError(415, `unsupported content encoding "${encoding}"`, {
          encoding,
          type: "encoding.unsupported",
        }),
      );
      return;
    }
    req.pipe(stream);
  }

  const job = new BodyJob(req, res, next, settings, charset, stream);
  readStream(stream, length, settings.limit, onBodyReadInScope, job, refusal);
}

// The stream's events fire in the socket's async context; a job remembers the
// one the parser ran in (AsyncLocalStorage stores...), so that next() runs
// there, as body-parser does. Being the AsyncResource itself, it costs no
// extra allocation per request.
class BodyJob extends AsyncResource {
  constructor(req, res, next, settings, charset, stream) {
    super("lib-server.bodyParser");
    this.req = req;
    this.res = res;
    this.next = next;
    this.settings = settings;
    this.charset = charset;
    this.stream = stream;
  }
}

function onBodyReadInScope(job, err, body) {
  job.runInAsyncScope(onBodyRead, null, job, err, body);
}

function onBodyRead(job, err, body) {
  const { req, res, next, settings, charset, stream } = job;
  if (err) {
    failRead(job, err);
    return;
  }
  if (stream !== req) {
    // done with the decompressor; let any trailing bytes of the request flow
    req.unpipe(stream);
    discard(stream);
    req.resume();
  }

  if (settings.verify) {
    try {
      settings.verify(req, res, body, charset);
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown));
      next(asHttpError(error, 403, { body, type: error.type || "entity.verify.failed" }));
      return;
    }
  }

  let text = body;
  let parsed;
  try {
    if (charset !== null) text = decode(body, charset);
    parsed = settings.parse === null ? text : settings.parse(text, charset);
  } catch (error) {
    next(asHttpError(error, 400, { body: text, type: error.type || "entity.parse.failed" }));
    return;
  }
  req.body = parsed;
  next();
}

// A failed read answers once the client has sent the whole body (discarded,
// never buffered), as body-parser does: the connection stays usable, and a client
// still sending reads the answer cleanly instead of a reset. Over HTTP/2 there is no
// connection to keep in sync: the answer goes at once, and the stream lingers after it
// (transport/exchange.js).
function failRead(job, err) {
  const { req, stream } = job;
  const error = asHttpError(err, 400);
  if (stream !== req) {
    req.unpipe(stream);
    discard(stream);
  }
  if (typeof req.complete !== "boolean" || requestFinished(req)) job.next(error);
  else if (sharesConnection(req)) abandon(job, error);
  else answerWhenDrained(job, error);
}

// How much of a failed body is read and discarded before answering. The rest of a
// larger one may never end (a 1 TB Content-Length, an endless chunked upload): it is
// answered at once, and the connection closes after the answer (lingering-close.js).
const MAX_DRAINED_BYTES = 16 * 1024 * 1024;

function answerWhenDrained(job, error) {
  const { req } = job;
  if (Number(req.headers["content-length"]) > MAX_DRAINED_BYTES) {
    abandon(job, error);
    return;
  }
  let drained = 0;
  const count = (chunk) => {
    drained += chunk.length;
    if (drained <= MAX_DRAINED_BYTES) return;
    stopWaiting();
    req.off("data", count);
    req.pause();
    abandon(job, error);
  };
  const stopWaiting = finished(req, () => {
    req.off("data", count);
    job.runInAsyncScope(job.next, null, error);
  });
  req.on("data", count); // the chunks are dropped once counted
  req.resume();
}

function abandon(job, error) {
  const { req, res } = job;
  // HTTP/1.1: Node then sends "Connection: close" and ends the connection after the response
  if (res && !res.headersSent && !sharesConnection(req)) {
    res.shouldKeepAlive = false;
    lingerAfterAnswer(req);
  }
  abandonBody(req);
  job.runInAsyncScope(job.next, null, error);
}

function discard(stream) {
  stream.on("error", ignore); // a late zlib error must not become an uncaught exception
  stream.destroy();
}

function ignore() {}

// type-is's hasBody: a body is announced by Transfer-Encoding or a Content-Length
export function hasBody(req) {
  return req.headers["transfer-encoding"] !== undefined || !isNaN(req.headers["content-length"]);
}

// on-finished's test for an IncomingMessage whose body can no longer be read.
// Other streams (no boolean `complete`) are never "finished" here.
function requestFinished(req) {
  if (typeof req.complete !== "boolean") return false;
  const socket = req.socket;
  return Boolean(req.upgrade || !socket || !socket.readable || (req.complete && !req.readable));
}
