// Express 4's Content-Disposition (content-disposition 0.5, as res.attachment and res.download
// call it there: attachment, with the ISO-8859-1 fallback): the file's base name, always
// quoted (`attachment; filename="a.png"`), `filename*` for what ISO-8859-1 cannot carry.
import { basename } from "node:path";

const TEXT = /^[\x20-\x7e\x80-\xff]+$/;
const NON_LATIN1 = /[^\x20-\x7e\xa0-\xff]/g;
const HEX_ESCAPE = /%[0-9A-Fa-f]{2}/;
const QUOTE = /([\\"])/g;
const NON_ATTR_CHAR = /[\x00-\x20"'()*,/:;<=>?@[\\\]{}\x7f]/g; // eslint-disable-line no-control-regex

export function attachment(filename) {
  if (filename === undefined) return "attachment";
  if (typeof filename !== "string") throw new TypeError("filename must be a string");
  const name = basename(filename);
  const quotable = TEXT.test(name);
  const fallback = name.replace(NON_LATIN1, "?");
  const hasFallback = fallback !== name;
  let header = "attachment";
  if (quotable || hasFallback) header += `; filename="${(hasFallback ? fallback : name).replace(QUOTE, "\\$1")}"`;
  if (hasFallback || !quotable || HEX_ESCAPE.test(name)) header += `; filename*=UTF-8''${percentEncode(name)}`;
  return header;
}

function percentEncode(name) {
  return encodeURIComponent(name).replace(NON_ATTR_CHAR, (char) => "%" + char.charCodeAt(0).toString(16).toUpperCase());
}
