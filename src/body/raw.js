import { createBodyParser } from "./middleware.js";
import { normalizeOptions } from "./options.js";

/** express.raw() / body-parser 2 raw(): `application/octet-stream` bodies as a Buffer. */
export function raw(options) {
  return createBodyParser("rawParser", rawSettings(options));
}

/** The raw parser's settings for createBodyParser (body-parser 1.x's raw reads the same options). */
export function rawSettings(options) {
  return {
    ...normalizeOptions(options, "application/octet-stream"),
    parse: null, // the bytes are the body
    isValidCharset: null,
    skipCharset: true,
  };
}
