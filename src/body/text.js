import { createBodyParser } from "./middleware.js";
import { normalizeOptions } from "./options.js";

/**
 * express.text() / body-parser 2 text(): `text/plain` bodies as a string,
 * decoded with the request charset (or `defaultCharset`, default utf-8).
 */
export function text(options) {
  return createBodyParser("textParser", textSettings(options));
}

/** The text parser's settings for createBodyParser (body-parser 1.x's text reads the same options). */
export function textSettings(options) {
  return {
    ...normalizeOptions(options, "text/plain"),
    parse: null, // the decoded text is the body
    isValidCharset: null,
    skipCharset: false,
  };
}
