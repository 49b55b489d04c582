// Express's response API on a real http.ServerResponse subclass. Everything writes through
// setHeader (Node's, or lib-server's storing what Node's would: header-storage.js), Node's own
// writeHead and end, so middleware that wraps those (compression, morgan, express-session, ...)
// sees every byte. Native `res.end` stays the fast path.
import { createRequire } from "node:module";
import path from "node:path";
import { createHttpError } from "./errors.js";
import {
  hasLatin1Header,
  headerOf,
  removeHeaders,
  setValidHeader,
  setHeader,
  INVALID_HEADER_CHAR,
} from "./node-internals/header-storage.js";
import * as headerTable from "./headers.js";
import { builtinETags } from "./settings.js";
import {
  lazy,
  mimeTypes,
  contentDisposition,
  contentType,
  serializeCookie,
  encodeUrl,
  escapeHtml,
  statuses,
  vary,
  signCookie as sign,
} from "./deps.js";
import { nodeHttp as http } from "./deps.js";

const require = createRequire(import.meta.url);
const fileSender = lazy(() => require("./static/send-file.js")); // on the first res.sendFile

// Consts of this module, not imported bindings (headers.js says why).
const { CONTENT_LENGTH, CONTENT_TYPE, ETAG, TRANSFER_ENCODING } = headerTable;

const HTML_UTF8 = "text/html; charset=utf-8";
// What Express's res.set("Content-Type", "application/json") stores.
const JSON_UTF8 = "application/json; charset=utf-8";
// Content-Type → the same with charset=utf-8 (send() reads the cache first)
const { cache: charsetCache, withUtf8Charset } = charsetFormatter(contentType);

// Express's res.send hands Node a Buffer when it makes an ETag or the body has 1,000 characters
// or more; lib-server keeps the string (its ETags read strings) unless a header value has bytes
// 0x80-0xff, which reach the client as on Express only from a Buffer there (hasLatin1Header).
const keepsString = (res, generateETag, chunk) => !hasLatin1Header(res) || (!generateETag && chunk.length < 1000);

// What a 204 or 304 answer drops, as Express's res.send removes them
const BODYLESS_DROPPED = [CONTENT_TYPE, CONTENT_LENGTH, TRANSFER_ENCODING];

// Declared under Node's name (exported as Response), as the request class is.
class ServerResponse extends http.ServerResponse {
  status(code) {
    if (!Number.isInteger(code)) {
      throw new TypeError(`Invalid status code: ${JSON.stringify(code)}. Status code must be an integer.`);
    }
    if (code < 100 || code > 999) {
      throw new RangeError(
        `Invalid status code: ${JSON.stringify(code)}. Status code must be greater than 99 and less than 1000.`,
      );
    }
    this.statusCode = code;
    return this;
  }

  get locals() {
    return (this._locals ??= Object.create(null));
  }

  set locals(value) {
    this._locals = value;
  }

  send(body) {
    let chunk = body;
    let encoding;
    switch (typeof chunk) {
      case "string": {
        encoding = "utf8";
        const type = headerOf(this, CONTENT_TYPE);
        const value = typeof type === "string" ? charsetCache.get(type) : HTML_UTF8;
        if (value !== undefined) setValidHeader(this, CONTENT_TYPE, value);
        else this.setHeader("Content-Type", withUtf8Charset(type));
        break;
      }
      case "boolean":
      case "number":
      case "object":
        if (chunk === null) chunk = "";
        else if (ArrayBuffer.isView(chunk)) {
          if (!this.getHeader("Content-Type")) this.type("bin");
        } else return this.json(chunk);
        break;
    }

    const req = this.req;
    const etagFn = this.app.settings["etag fn"];
    const generateETag = typeof etagFn === "function" && !headerOf(this, ETAG);
    let length;
    if (chunk !== undefined) {
      if (Buffer.isBuffer(chunk)) length = chunk.length;
      else if (
        (!generateETag || etagFn.takesStrings) &&
        typeof chunk === "string" &&
        keepsString(this, generateETag, chunk)
      )
        length = Buffer.byteLength(chunk, encoding);
      else {
        chunk = Buffer.from(chunk, encoding);
        encoding = undefined;
        length = chunk.length;
      }
      // A string, as Express's res.set() stores it: middleware reading it back compares strings
      if (!headerOf(this, TRANSFER_ENCODING)) setValidHeader(this, CONTENT_LENGTH, String(length));
    }
    if (generateETag && length !== undefined) {
      if (builtinETags.has(etagFn)) setValidHeader(this, ETAG, etagFn(chunk, encoding, length));
      else {
        const etag = etagFn(chunk, encoding);
        if (etag) this.setHeader("ETag", etag);
      }
    }

    // Freshness only matters when the client sent a validator; skip the getter otherwise.
    const headers = req.headers;
    if ((headers["if-none-match"] !== undefined || headers["if-modified-since"] !== undefined) && req.fresh) {
      this.statusCode = 304;
    }
    const status = this.statusCode;
    if (status === 204 || status === 304) {
      removeHeaders(this, BODYLESS_DROPPED);
      chunk = "";
    } else if (status === 205) {
      this.setHeader("Content-Length", "0");
      this.removeHeader("Transfer-Encoding");
      chunk = "";
    }

    if (req.method === "HEAD") this.end();
    else this.end(chunk, encoding);
    return this;
  }

  json(obj) {
    const body = stringify(obj, this.app.settings);
    if (!headerOf(this, CONTENT_TYPE)) setValidHeader(this, CONTENT_TYPE, JSON_UTF8);
    return this.send(body);
  }

  jsonp(obj) {
    const settings = this.app.settings;
    let body = stringify(obj, settings);
    let callback = this.req.query[settings["jsonp callback name"]];
    if (!this.getHeader("Content-Type")) {
      this.setHeader("X-Content-Type-Options", "nosniff");
      this.setHeader("Content-Type", JSON_UTF8);
    }
    if (Array.isArray(callback)) callback = callback[0];
    if (typeof callback === "string" && callback.length !== 0) {
      this.setHeader("X-Content-Type-Options", "nosniff");
      this.setHeader("Content-Type", "text/javascript; charset=utf-8");
      callback = callback.replace(/[^[\]\w$.]/g, "");
      if (body === undefined) body = "";
      else if (typeof body === "string") body = body.replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
      // "/**/" guards against the Rosetta Flash JSONP attack.
      body = `/**/ typeof ${callback} === 'function' && ${callback}(${body});`;
    }
    return this.send(body);
  }

  sendStatus(statusCode) {
    const body = statuses.message[statusCode] || String(statusCode);
    this.status(statusCode);
    this.type("txt");
    return this.send(body);
  }

  type(type) {
    const value = type.indexOf("/") === -1 ? mimeTypes().contentType(type) || "application/octet-stream" : type;
    return this.set("Content-Type", value);
  }

  contentType(type) {
    return this.type(type);
  }

  set(field, value) {
    if (arguments.length === 2) {
      let headerValue = Array.isArray(value) ? value.map(String) : String(value);
      if (field.toLowerCase() === "content-type") {
        if (Array.isArray(headerValue)) throw new TypeError("Content-Type cannot be set to an Array");
        headerValue = mimeTypes().contentType(headerValue);
      }
      this.setHeader(field, headerValue);
    } else {
      for (const key in field) this.set(key, field[key]);
    }
    return this;
  }

  header(field, value) {
    return arguments.length === 2 ? this.set(field, value) : this.set(field);
  }

  get(field) {
    return this.getHeader(field);
  }

  append(field, value) {
    const prev = this.getHeader(field);
    let next = value;
    if (prev) {
      next = Array.isArray(prev) ? prev.concat(value) : Array.isArray(value) ? [prev].concat(value) : [prev, value];
    }
    return this.set(field, next);
  }

  vary(field) {
    vary(this, field);
    return this;
  }

  links(links) {
    let link = this.getHeader("Link") || "";
    if (link) link += ", ";
    const entries = Object.keys(links).map((rel) =>
      Array.isArray(links[rel])
        ? links[rel].map((url) => `<${url}>; rel="${rel}"`).join(", ")
        : `<${links[rel]}>; rel="${rel}"`,
    );
    return this.set("Link", link + entries.join(", "));
  }

  attachment(filename) {
    const name = filename !== undefined ? path.basename(filename) : undefined;
    if (name) this.type(path.extname(name));
    this.setHeader("Content-Disposition", contentDisposition.create(name));
    return this;
  }

  cookie(name, value, options) {
    // Object.assign, not a spread: in V8 11 (Node 20) a spread copy followed by new
    // properties is slow (benchmarks/NOTES.md, "Cookies and file options: no object spread with
    // extra properties"); and no `delete`, which would make it a dictionary.
    const setCookie = Object.assign({}, options);
    const secret = this.req.secret;
    if (setCookie.signed && !secret) throw new Error('cookieParser("secret") required for signed cookies');
    let val = typeof value === "object" ? "j:" + JSON.stringify(value) : String(value);
    if (setCookie.signed) val = "s:" + sign(val, secret);
    if (setCookie.maxAge != null) {
      const maxAge = setCookie.maxAge - 0;
      if (!Number.isNaN(maxAge)) {
        setCookie.expires = new Date(Date.now() + maxAge);
        setCookie.maxAge = Math.floor(maxAge / 1000);
      }
    }
    if (setCookie.path == null) setCookie.path = "/";
    return this.append("Set-Cookie", serializeCookie(name, val, setCookie));
  }

  clearCookie(name, options) {
    // Expire in the past; a maxAge would override that, so it goes.
    const opts = Object.assign({ path: "/" }, options);
    opts.expires = new Date(1);
    opts.maxAge = undefined;
    return this.cookie(name, "", opts);
  }

  location(url) {
    return this.set("Location", encodeUrl(url));
  }

  redirect(statusOrUrl, maybeUrl) {
    let status = 302;
    let address = statusOrUrl;
    if (arguments.length === 2) {
      status = statusOrUrl;
      address = maybeUrl;
    }
    address = this.location(address).getHeader("Location");
    const body = redirectBody(this, status, address, redirectPage);
    this.status(status);
    this.setHeader("Content-Length", String(Buffer.byteLength(body)));
    if (this.req.method === "HEAD") this.end();
    else this.end(body);
  }

  sendFile(filePath, options, callback) {
    sendFileAs(this, filePath, options, callback, { fileOptions: appFileOptions });
  }

  download(filePath, filename, options, callback) {
    return sendDownload(this, attachmentOf, filePath, filename, options, callback);
  }

  render(view, options, callback) {
    const req = this.req;
    let done = callback;
    let opts = options || {};
    if (typeof options === "function") {
      done = options;
      opts = {};
    }
    opts._locals = this.locals;
    done ??= (err, html) => (err ? req.next(err) : this.send(html));
    req.app.render(view, opts, done);
  }

  format(handlers) {
    return respondInFormat(this, handlers, lookupType);
  }
}

const lookupType = (ext) => mimeTypes().lookup(ext) || "application/octet-stream";

/** res.format, with `lookup(ext)` the media type of an extension key ("html"). */
export function respondInFormat(res, handlers, lookup) {
  const req = res.req;
  const next = req.next;
  const keys = Object.keys(handlers).filter((k) => k !== "default");
  const key = keys.length > 0 ? req.accepts(keys) : false;
  res.vary("Accept");
  if (key) {
    res.set("Content-Type", normalizeType(key, lookup));
    handlers[key](req, res, next);
  } else if (handlers.default) {
    handlers.default(req, res, next);
  } else {
    next(createHttpError(406, undefined, { types: keys.map((type) => normalizeType(type, lookup)) }));
  }
  return res;
}

/**
 * res.sendFile, as a flavour sends files: `fileOptions(res, filePath, opts)` the options for the
 * file sender and `settle(res, finish)` what calls `finish(err)` when it is done, both once the
 * arguments are checked; `sender` the file sender (static/send-file.js's, or one made by its
 * createSendFile).
 */
export function sendFileAs(
  res,
  filePath,
  options,
  callback,
  { fileOptions, settle = (res, finish) => finish, sender = fileSender().sendFile },
) {
  let done = callback;
  let opts = options || {};
  if (!filePath) throw new TypeError("path argument is required to res.sendFile");
  if (typeof filePath !== "string") throw new TypeError("path must be a string to res.sendFile");
  if (typeof options === "function") {
    done = options;
    opts = {};
  }
  if (!opts.root && !path.isAbsolute(filePath))
    throw new TypeError("path must be absolute or specify root to res.sendFile");
  const next = res.req.next;
  const finish = settle(res, (err) => (done ? done(err) : fileSent(next, err)));
  sender(res.req, res, filePath, fileOptions(res, filePath, opts), finish);
}

// The app's etag setting decides, as in Express; etag: "strong" asks for strong tags.
function appFileOptions(res, filePath, opts) {
  const sendOptions = Object.assign({}, opts); // not `{ ...opts, etag }`: see cookie()
  sendOptions.etag = res.app.enabled("etag") && (opts.etag === "strong" ? "strong" : true);
  return sendOptions;
}

/** What res.sendFile does after the file without a callback: a directory is next()'s, errors next(err)'s. */
function fileSent(next, err) {
  if (err && err.code === "EISDIR") return next();
  // Errors writing to a client that left are nobody's business but the log's.
  if (err && err.code !== "ECONNABORTED" && err.syscall !== "write") next(err);
}

const attachmentOf = (name) => contentDisposition.create(path.basename(name));

/**
 * res.download: the file sent with sendFile as an attachment named by `disposition(name)`,
 * whatever Content-Disposition the options' headers carry.
 */
export function sendDownload(res, disposition, filePath, filename, options, callback) {
  let done = callback;
  let name = filename;
  let opts = options || null;
  if (typeof filename === "function") {
    done = filename;
    name = null;
    opts = null;
  } else if (typeof options === "function") {
    done = options;
    opts = null;
  }
  if (typeof filename === "object" && (typeof options === "function" || options === undefined)) {
    name = null;
    opts = filename;
  }
  const headers = { "Content-Disposition": disposition(name || filePath) };
  if (opts?.headers) {
    for (const key of Object.keys(opts.headers)) {
      if (key.toLowerCase() !== "content-disposition") headers[key] = opts.headers[key];
    }
  }
  const sendOpts = Object.assign({}, opts);
  sendOpts.headers = headers;
  return res.sendFile(sendOpts.root ? filePath : path.resolve(filePath), sendOpts, done);
}

/** res.redirect's body, negotiated: text, `page(message, escapedUrl)` for HTML, else nothing. */
export function redirectBody(res, status, address, page) {
  const message = statuses.message[status];
  let body;
  res.format({
    text: () => {
      body = `${message}. Redirecting to ${address}`;
    },
    html: () => {
      body = page(message, escapeHtml(address));
    },
    default: () => {
      body = "";
    },
  });
  return body;
}

const redirectPage = (message, url) =>
  `<!DOCTYPE html><head><title>${message}</title></head><body><p>${message}. Redirecting to ${url}</p></body>`;

/**
 * A Content-Type with charset=utf-8, as `contentTypes` (content-type's parse and format: 2,
 * Express 5's; the Express 4 mode passes 1.0) writes it, cached per type: { cache,
 * withUtf8Charset(type) }. Cached values skip setHeader's check (send() above): only those it
 * would accept are kept.
 */
export function charsetFormatter(contentTypes) {
  const cache = new Map();
  function withUtf8Charset(type) {
    let value = cache.get(type);
    if (value === undefined) {
      const parsed = contentTypes.parse(type);
      parsed.parameters.charset = "utf-8";
      value = contentTypes.format(parsed);
      if (cache.size < 256 && !INVALID_HEADER_CHAR.test(value)) cache.set(type, value);
    }
    return value;
  }
  return { cache, withUtf8Charset };
}

// "json" → "application/json", "text/html" stays: the type res.format() answers with.
// A res.format() key as a Content-Type: "html" → "text/html"; a full type loses its
// parameters ("text/html; q=1" → "text/html"), as in Express.
function normalizeType(type, lookup) {
  if (type.indexOf("/") === -1) return lookup(type);
  const semicolon = type.indexOf(";");
  return (semicolon === -1 ? type : type.slice(0, semicolon)).trim();
}

function stringify(value, settings) {
  const replacer = settings["json replacer"];
  const spaces = settings["json spaces"];
  const json = replacer || spaces ? JSON.stringify(value, replacer, spaces) : JSON.stringify(value);
  if (settings["json escape"] && typeof json === "string") {
    return json.replace(/[<>&]/g, (c) => (c === "<" ? "\\u003c" : c === ">" ? "\\u003e" : "\\u0026"));
  }
  return json;
}

// Node's setHeader, with the names it accepted remembered (header-storage.js says why); not
// enumerable, as the class's own methods.
Object.defineProperty(ServerResponse.prototype, "setHeader", { value: setHeader, writable: true, configurable: true });

export { ServerResponse as Response };
