// The Express 4 mode's response prototype: Express 5's (response.js) plus what Express 4.22's
// response has and Express 5 removed or changed: the (status, body) argument forms, "back",
// res.sendfile, status codes set as given, mime 1 types and content-disposition 0.5's header.
// Each method handles Express 4's forms and hands the common case to Express 5's.
import path from "node:path";
import { createRequire } from "node:module";
import Server from "../application.js";
import { createHttpError } from "../errors.js";
import { contentType10, encodeUrl, lazy, statuses } from "../deps.js";
import * as headerTable from "../headers.js";
import { headerOf } from "../node-internals/header-storage.js";
import { charsetFormatter, redirectBody, respondInFormat, sendDownload, sendFileAs } from "../response.js";
import { attachment } from "./content-disposition.js";
import { depd } from "./deprecate.js";
import { charsetOf, lookup } from "./mime.js";
import { send019, warnHidden } from "./send.js";

const deprecate = depd("express"); // here: depd blames the caller of this module's functions

const { CONTENT_TYPE } = headerTable; // a const of this module (headers.js says why)
const HAS_CHARSET = /;\s*charset\s*=/;
const UP_PATH = /(?:^|[\\/])\.\.(?:[\\/]|$)/;
const require = createRequire(import.meta.url);
// send 0.19's file sender, made on the first res.sendFile (the static module loads then).
const send019File = lazy(() => require("../static/send-file.js").createSendFile(send019));

export const response = {
  __proto__: Server.response,

  status(code) {
    if ((typeof code === "string" || Math.floor(code) !== code) && code > 99 && code < 1000) {
      deprecate(`res.status(${JSON.stringify(code)}): use res.status(${Math.floor(code)}) instead`);
    }
    this.statusCode = code;
    return this;
  },

  send(body) {
    let chunk = body;
    if (arguments.length === 2) {
      if (typeof body !== "number" && typeof arguments[1] === "number") {
        deprecate("res.send(body, status): Use res.status(status).send(body) instead");
        this.statusCode = arguments[1];
      } else {
        deprecate("res.send(status, body): Use res.status(status).send(body) instead");
        this.statusCode = body;
        chunk = arguments[1];
      }
    } else if (typeof chunk === "number") {
      if (!this.get("Content-Type")) this.type("txt");
      deprecate("res.send(status): Use res.sendStatus(status) instead");
      this.statusCode = chunk;
      chunk = statuses.message[chunk];
    }
    if (typeof chunk === "string") {
      const type = headerOf(this, CONTENT_TYPE);
      if (typeof type === "string") {
        const value = withCharset(type);
        if (value !== type) this.setHeader("Content-Type", value);
      }
    } else if (typeof chunk === "object" && chunk !== null && ArrayBuffer.isView(chunk) && !Buffer.isBuffer(chunk)) {
      return this.json(chunk); // only Buffers are bytes to Express 4; other typed arrays are objects
    }
    return super.send(chunk);
  },

  json(obj) {
    if (arguments.length === 2) {
      if (typeof arguments[1] === "number") {
        deprecate("res.json(obj, status): Use res.status(status).json(obj) instead");
        this.statusCode = arguments[1];
      } else {
        deprecate("res.json(status, obj): Use res.status(status).json(obj) instead");
        this.statusCode = obj;
        return super.json(arguments[1]);
      }
    }
    return super.json(obj);
  },

  jsonp(obj) {
    if (arguments.length === 2) {
      if (typeof arguments[1] === "number") {
        deprecate("res.jsonp(obj, status): Use res.status(status).jsonp(obj) instead");
        this.statusCode = arguments[1];
      } else {
        deprecate("res.jsonp(status, obj): Use res.status(status).jsonp(obj) instead");
        this.statusCode = obj;
        return super.jsonp(arguments[1]);
      }
    }
    return super.jsonp(obj);
  },

  sendStatus(statusCode) {
    const body = statuses.message[statusCode] || String(statusCode);
    this.statusCode = statusCode;
    this.type("txt");
    return this.send(body);
  },

  type(type) {
    return this.set("Content-Type", type.indexOf("/") === -1 ? lookup(type) : type);
  },

  // A text or JSON Content-Type without a charset gets "; charset=utf-8" (mime 1's charsets).
  set(field, value) {
    if (arguments.length !== 2) return super.set(field);
    let headerValue = Array.isArray(value) ? value.map(String) : String(value);
    if (field.toLowerCase() === "content-type") {
      if (Array.isArray(headerValue)) throw new TypeError("Content-Type cannot be set to an Array");
      if (!HAS_CHARSET.test(headerValue)) {
        const charset = charsetOf(headerValue.split(";")[0]);
        if (charset) headerValue += `; charset=${charset.toLowerCase()}`;
      }
    }
    this.setHeader(field, headerValue);
    return this;
  },

  // Each value as it stringifies: Express 4 does not expand arrays of URLs.
  links(links) {
    let link = this.get("Link") || "";
    if (link) link += ", ";
    const entries = Object.keys(links).map((rel) => `<${links[rel]}>; rel="${rel}"`);
    return this.set("Link", link + entries.join(", "));
  },

  vary(field) {
    if (!field || (Array.isArray(field) && !field.length)) {
      deprecate("res.vary(): Provide a field name");
      return this;
    }
    return super.vary(field);
  },

  attachment(filename) {
    if (filename) this.type(path.extname(filename));
    return this.set("Content-Disposition", attachment(filename));
  },

  download(filePath, filename, options, callback) {
    return sendDownload(this, attachment, filePath, filename, options, callback);
  },

  // Express 4.22 keeps a given maxAge or expires (deprecated): Express 5 always expires the cookie.
  clearCookie(name, options) {
    if (options) {
      if (options.maxAge) deprecate(clearCookieMessage("maxAge"));
      if (options.expires) deprecate(clearCookieMessage("expires"));
    }
    return this.cookie(name, "", merge({ expires: new Date(1), path: "/" }, options));
  },

  location(url) {
    if (url !== "back") return super.location(url);
    deprecate(
      'res.location("back"): use res.location(req.get("Referrer") || "/") and refer to https://dub.sh/security-redirect for best practices',
    );
    return this.set("Location", encodeUrl(this.req.get("Referrer") || "/"));
  },

  redirect(url) {
    let address = url;
    let status = 302;
    if (arguments.length === 2) {
      if (typeof url === "number") {
        status = url;
        address = arguments[1];
      } else {
        deprecate("res.redirect(url, status): Use res.redirect(status, url) instead");
        status = arguments[1];
      }
    }
    address = this.location(address).get("Location");
    const body = redirectBody(this, status, address, redirectPage);
    this.statusCode = status;
    this.set("Content-Length", Buffer.byteLength(body));
    if (this.req.method === "HEAD") this.end();
    else this.end(body);
  },

  format(handlers) {
    return respondInFormat(this, handlers, lookup);
  },

  sendFile(filePath, options, callback) {
    sendFileAs(this, filePath, options, callback, {
      fileOptions: sendOptions,
      settle: withSocketError,
      sender: send019File(),
    });
  },

  // Express 4's old API: a URL-encoded path, relative ones from the working directory.
  sendfile: deprecate.function(function sendfile(filePath, options, callback) {
    let done = callback;
    let opts = options || {};
    if (typeof options === "function") {
      done = options;
      opts = {};
    }
    const fail = (status) => (done ? done(createHttpError(status)) : this.req.next(createHttpError(status)));
    let decoded;
    try {
      decoded = decodeURIComponent(filePath);
    } catch {
      return fail(400);
    }
    if (decoded.includes("\0")) return fail(400);
    if (!opts.root && !path.isAbsolute(decoded)) {
      // send refuses any ".." without a root, before normalizing
      if (UP_PATH.test(decoded)) return fail(403);
      opts = Object.assign(merge({}, opts), { root: process.cwd() });
    }
    return this.sendFile(decoded, opts, done);
  }, "res.sendfile: Use res.sendFile instead"),
};

// send 0.19's options: its own etag default (the app's "etag" setting is not asked); its
// Content-Types and dotfiles rule are send019's (send.js).
function sendOptions(res, filePath, opts) {
  warnHidden(opts);
  const options = Object.assign({}, opts);
  options.etag = opts.etag === undefined || Boolean(opts.etag);
  return options;
}

// Express 4's setCharset, which its res.send calls for a string body: content-type 1.0 parses
// (stricter than 2: "text/html;" throws, with its own messages) and formats (parameters in
// name order).
const { withUtf8Charset: withCharset } = charsetFormatter(contentType10);

// Express 4 watches the socket (on-finished): the error that broke it, not "Request aborted",
// reaches the callback, or next() without one.
function withSocketError(res, finish) {
  const socket = res.socket;
  if (!socket) return finish;
  let broke;
  const onError = (err) => {
    broke = err;
  };
  socket.on("error", onError);
  return (err) => {
    socket.off("error", onError);
    finish(err?.code === "ECONNABORTED" && broke && broke.code !== "ECONNRESET" ? broke : err);
  };
}

const redirectPage = (message, url) => `<p>${message}. Redirecting to ${url}</p>`;

const clearCookieMessage = (option) =>
  `res.clearCookie: Passing "options.${option}" is deprecated. In v5.0.0 of Express, this option will be ignored, as res.clearCookie will automatically set cookies to expire immediately. Please update your code to omit this option.`;

// utils-merge, as Express 4 copies options: inherited enumerable properties too.
function merge(target, source) {
  for (const key in source) target[key] = source[key];
  return target;
}
