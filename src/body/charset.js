import { contentType, iconv } from "../deps.js";
import { createHttpError } from "../errors.js";

/** Lower-cased `charset` parameter of a Content-Type header, or undefined. */
export function charsetOf(header) {
  if (!header || header.indexOf(";") === -1) return undefined;
  return contentType.parse(header).parameters.charset?.toLowerCase();
}

export function isKnownCharset(charset) {
  return charset === "utf-8" || iconv().encodingExists(charset);
}

/** body-parser reports a charset the parser refuses as given, an unknown one lower-cased. */
export function unsupportedCharset(charset, reported = charset) {
  return createHttpError(415, `unsupported charset "${charset.toUpperCase()}"`, {
    charset: reported,
    type: "charset.unsupported",
  });
}

/** Bytes → string like iconv-lite does (a leading BOM is dropped), with a fast utf-8 path. */
export function decode(buffer, charset) {
  if (charset !== "utf-8") return iconv().decode(buffer, charset);
  const text = buffer.toString("utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
