import { typeis } from "../deps.js";

// Content-Type matching with type-is semantics, but with the expected types
// normalised once per parser instead of on every request.

const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/**
 * `type` is a string, an array of strings (extensions like "json", "+json",
 * "text/*" ...) or a function `(req) => boolean`. Returns `(req) => boolean`.
 */
export function compileTypeMatcher(type) {
  if (typeof type === "function") return type;
  const types = Array.isArray(type) ? type : [type];
  if (types.length === 0) return hasMediaType; // type-is: no types → any valid type
  const patterns = types.map(compilePattern);
  if (patterns.length === 1) {
    const only = patterns[0];
    return (req) => matches(only, mediaTypeOf(req.headers["content-type"]));
  }
  return (req) => {
    const actual = mediaTypeOf(req.headers["content-type"]);
    for (let i = 0; i < patterns.length; i++) {
      if (matches(patterns[i], actual)) return true;
    }
    return false;
  };
}

function hasMediaType(req) {
  return mediaTypeOf(req.headers["content-type"]) !== null;
}

/** "Application/JSON ; charset=x" → "application/json"; null when absent or invalid. */
function mediaTypeOf(header) {
  if (!header) return null;
  let end = header.indexOf(";");
  if (end === -1) end = header.length;
  let start = 0;
  while (start < end && isOws(header.charCodeAt(start))) start++;
  while (end > start && isOws(header.charCodeAt(end - 1))) end--;
  const type = header.slice(start, end).toLowerCase();
  return MEDIA_TYPE.test(type) ? type : null;
}

function isOws(code) {
  return code === 32 || code === 9;
}

// A pattern that can never match is { type: null }.
function compilePattern(type) {
  const normalized = typeis().normalize(type);
  const parts = typeof normalized === "string" ? normalized.split("/") : [];
  if (parts.length !== 2) return { type: null, subtype: null, suffix: null };
  const [mainType, subtype] = parts;
  return {
    type: mainType,
    subtype,
    // "*/*+json" matches any subtype ending in "+json"
    suffix: subtype.startsWith("*+") ? subtype.slice(1) : null,
  };
}

function matches(pattern, actual) {
  if (actual === null || pattern.type === null) return false;
  const slash = actual.indexOf("/");
  if (pattern.type !== "*" && (pattern.type.length !== slash || !actual.startsWith(pattern.type))) {
    return false;
  }
  if (pattern.suffix !== null)
    return actual.endsWith(pattern.suffix) && actual.length - slash - 1 >= pattern.suffix.length;
  return (
    pattern.subtype === "*" ||
    (pattern.subtype.length === actual.length - slash - 1 && actual.endsWith(pattern.subtype))
  );
}
