// express.json/urlencoded/text/raw of the Express 4 mode: body-parser 1.x (1.20), on the
// default mode's parsing (src/body) with 1.x's own rules where they differ:
// - every parser first sets `req.body = req.body || {}` (a request without a body, or of
//   another type, leaves {}: oauth2orize and others rely on it), and skips a request whose
//   `req._body` is set, which it sets itself once it reads a body;
// - urlencoded() defaults to extended (qs), warning when `extended` is not given; the flat
//   parser is Node's querystring; a form's charset must be utf-8;
// - a Content-Type type-is 1.6 cannot parse (media-type.js) is no type to parse;
// - Content-Encoding: gzip and deflate only.
import { createRequire } from "node:module";
import { nodeQuerystring } from "../deps.js";
import { decompressor } from "../body/decompress.js";
import { isKnownCharset } from "../body/charset.js";
import { hasBody, readBody, refuseCharset, requestCharset } from "../body/middleware.js";
import { normalizeOptions } from "../body/options.js";
import { jsonSettings } from "../body/json.js";
import { rawSettings } from "../body/raw.js";
import { textSettings } from "../body/text.js";
import { createFormParse, parameterCount, parameterLimitOf } from "../body/urlencoded.js";
import { isWellFormedMediaType } from "./media-type.js";

const require = createRequire(import.meta.url);
const deprecate = require("depd")("body-parser"); // body-parser's own namespace, as its warnings

export function json(options) {
  return createBodyParser("jsonParser", jsonSettings(options), options);
}

export function raw(options) {
  return createBodyParser("rawParser", rawSettings(options), options);
}

export function text(options) {
  return createBodyParser("textParser", textSettings(options), options);
}

export function urlencoded(options) {
  // the default flips to false in body-parser 2: 1.x asks for the option
  if (options?.extended === undefined) deprecate("undefined extended: provide extended option");
  const extended = options?.extended !== false;
  const common = normalizeOptions(options, "application/x-www-form-urlencoded");
  return createBodyParser(
    "urlencodedParser",
    {
      ...common,
      parse: extended
        ? createFormParse({ extended, parameterLimit: options?.parameterLimit, depth: options?.depth })
        : createQuerystringParse(options),
      defaultCharset: "utf-8",
      isValidCharset: isUtf8,
      skipCharset: false,
    },
    options,
  );
}

function isUtf8(charset) {
  return charset === "utf-8";
}

// Node's querystring, as 1.x's `extended: false`: flat keys, repeated ones in arrays.
function createQuerystringParse(options) {
  const maxKeys = parameterLimitOf(options);
  return function parseForm(text) {
    if (text.length === 0) return {};
    parameterCount(text, maxKeys);
    return nodeQuerystring().parse(text, undefined, undefined, { maxKeys });
  };
}

function createBodyParser(name, settings, options) {
  const matchesType = settings.shouldParse;
  // type-is 1.6 matches no type for a Content-Type it cannot parse; a `type` function decides alone
  const shouldParse =
    typeof options?.type === "function"
      ? matchesType
      : (req) => isWellFormedMediaType(req.headers["content-type"]) && matchesType(req);
  settings.decompressor = gzipOrDeflate;

  const bodyParser = function (req, res, next) {
    if (req._body) {
      next();
      return;
    }
    req.body = req.body || {};
    if (!hasBody(req) || !shouldParse(req)) {
      next();
      return;
    }
    const charset = requestCharset(req, settings);
    if (charset instanceof Error) {
      next(charset);
      return;
    }
    req._body = true; // from here on the body is this parser's, as 1.x's read() marks it
    if (charset === null || isKnownCharset(charset)) readBody(req, res, next, settings, charset);
    else refuseCharset(req, res, next, settings, charset);
  };
  Object.defineProperty(bodyParser, "name", { value: name });
  return bodyParser;
}

function gzipOrDeflate(encoding) {
  return encoding === "gzip" || encoding === "deflate" ? decompressor(encoding) : null;
}
