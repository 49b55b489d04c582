import { createBodyParser } from "./middleware.js";
import { normalizeOptions } from "./options.js";

/**
 * express.json() / body-parser 2 json(): parses `application/json` bodies
 * into req.body. Options: limit, type, strict, reviver, inflate, verify.
 */
export function json(options) {
  return createBodyParser("jsonParser", jsonSettings(options));
}

/** The json parser's settings for createBodyParser (body-parser 1.x's json reads the same options). */
export function jsonSettings(options) {
  return {
    ...normalizeOptions(options, "application/json"),
    parse: createJsonParse(options?.reviver, options?.strict !== false),
    isValidCharset: isUtfCharset, // RFC 7159 §8.1: JSON is UTF-8/16/32
    skipCharset: false,
  };
}

function isUtfCharset(charset) {
  return charset.startsWith("utf-");
}

function createJsonParse(reviver, strict) {
  return function parseJson(text) {
    // an empty body is a common client mistake: treat it as {}
    if (text.length === 0) return {};
    if (strict) {
      const code = text.charCodeAt(0);
      if (code !== 0x7b && code !== 0x5b) {
        const first = firstSignificantChar(text);
        if (first !== "{" && first !== "[") throw strictViolation(text, first);
      }
    }
    return JSON.parse(text, reviver);
  };
}

function firstSignificantChar(text) {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code !== 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return text[i];
  }
  return undefined;
}

/**
 * The SyntaxError JSON.parse would throw at the first character that is not
 * `{` or `[`: we let V8 word the message by parsing a copy whose tail is
 * masked with "#", then write the real characters back into it.
 */
function strictViolation(text, first) {
  const index = first === undefined ? -1 : text.indexOf(first);
  const masked = index === -1 ? "" : text.slice(0, index) + "#".repeat(text.length - index);
  const error = parseError(masked);
  const message = error.message.replace(/#+/g, (run) => text.slice(index, index + run.length));
  error.stack = error.stack.replace(error.message, message);
  error.message = message;
  return error;
}

// `text` is known not to be valid JSON
function parseError(text) {
  try {
    JSON.parse(text);
  } catch (error) {
    return error;
  }
}
