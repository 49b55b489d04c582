import { qs } from "../deps.js";
import { createHttpError } from "../errors.js";
import { createBodyParser } from "./middleware.js";
import { normalizeOptions } from "./options.js";

/**
 * express.urlencoded() / body-parser 2 urlencoded(): form bodies parsed by qs
 * with body-parser's settings. `extended: false` (default) keeps keys flat
 * (depth 0); `extended: true` nests `a[b][c]` up to `depth` (default 32).
 * Options: limit, type, extended, parameterLimit, depth, defaultCharset,
 * charsetSentinel, interpretNumericEntities, inflate, verify.
 */
export function urlencoded(options) {
  const common = normalizeOptions(options, "application/x-www-form-urlencoded");
  if (!isFormCharset(common.defaultCharset)) {
    throw new TypeError("option defaultCharset must be either utf-8 or iso-8859-1");
  }
  return createBodyParser("urlencodedParser", {
    ...common,
    parse: createFormParse(options),
    isValidCharset: isFormCharset,
    skipCharset: false,
  });
}

function isFormCharset(charset) {
  return charset === "utf-8" || charset === "iso-8859-1";
}

/**
 * The extended (qs, nesting up to `depth`) or flat form parser; `charset` is the request's.
 * body-parser 1.x's extended parser is this one without the charset options.
 */
export function createFormParse(options) {
  const extended = Boolean(options?.extended);
  const parameterLimit = parameterLimitOf(options);
  const depth = extended ? (options?.depth !== undefined ? options.depth : 32) : 0;
  if (isNaN(depth) || depth < 0) {
    throw new TypeError("option depth must be a zero or a positive number");
  }

  const charsetSentinel = options?.charsetSentinel;
  const interpretNumericEntities = options?.interpretNumericEntities;

  return function parseForm(text, charset) {
    if (text.length === 0) return {};
    const count = parameterCount(text, parameterLimit);
    try {
      // qs refuses "__proto__" keys itself; allowPrototypes only lets keys such
      // as "toString" through as own properties, as body-parser does.
      return qs().parse(text, {
        allowPrototypes: true,
        arrayLimit: extended ? Math.max(100, count) : count,
        depth,
        charsetSentinel,
        interpretNumericEntities,
        charset,
        parameterLimit,
        strictDepth: true,
      });
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      throw createHttpError(400, "The input exceeded the depth", { type: "querystring.parse.rangeError" });
    }
  };
}

/** The validated `parameterLimit` option (default 1000; a finite one truncated to an integer). */
export function parameterLimitOf(options) {
  const limit = options?.parameterLimit !== undefined ? options.parameterLimit : 1000;
  if (isNaN(limit) || limit < 1) throw new TypeError("option parameterLimit must be a positive number");
  return isFinite(limit) ? limit | 0 : limit;
}

/** Number of `&`-separated parameters; a 413 error past `limit` (counting stops there). */
export function parameterCount(text, limit) {
  let count = 0;
  let index = -1;
  do {
    if (++count > limit) throw createHttpError(413, "too many parameters", { type: "parameters.too.many" });
    index = text.indexOf("&", index + 1);
  } while (index !== -1);
  return count;
}
