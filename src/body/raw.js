import { createBodyParser } from "./middleware.js";
import { normalizeOptions } from "./options.js";

/** express.raw() / body-parser 2 raw(): `application/octet-stream` bodies as a Buffer. */
export function raw(options) {
  return createBodyParser("rawParser", {
    ...normalizeOptions(options, "application/octet-stream"),
    parse: null, // the bytes are the body
    isValidCharset: null,
    skipCharset: true,
  });
}
