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

function createFormParse(options) {
  const extended = Boolean(options?.extended);
  let parameterLimit = options?.parameterLimit !== undefined ? options.parameterLimit : 1000;
  const depth = extended ? (options?.depth !== undefined ? options.depth : 32) : 0;
  if (isNaN(parameterLimit) || parameterLimit < 1) {
    throw new TypeError("option parameterLimit must be a positive number");
  }
  if (isNaN(depth) || depth < 0) {
    throw new TypeError("option depth must be a zero or a positive number");
  }
  if (isFinite(parameterLimit)) parameterLimit |= 0;

  const charsetSentinel = options?.charsetSentinel;
  const interpretNumericEntities = options?.interpretNumericEntities;

  return function parseForm(text, charset) {
    if (text.length === 0) return {};
    const count = countParameters(text, parameterLimit);
    if (count === -1) {
      throw createHttpError(413, "too many parameters", { type: "parameters.too.many" });
    }
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

/** Number of `&`-separated parameters, or -1 as soon as it exceeds `limit`. */
function countParameters(text, limit) {
  let count = 0;
  let index = -1;
  do {
    if (++count > limit) return -1;
    index = text.indexOf("&", index + 1);
  } while (index !== -1);
  return count;
}
