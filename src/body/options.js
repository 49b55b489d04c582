import { decompressor } from "./decompress.js";
import { compileTypeMatcher } from "./type-matcher.js";

// Options shared by all four parsers, validated once at factory time with
// body-parser 2's defaults and error messages.

const DEFAULT_LIMIT = 100 * 1024;
const UNITS = { b: 1, kb: 1 << 10, mb: 1 << 20, gb: 1 << 30, tb: 1024 ** 4, pb: 1024 ** 5 };
const SIZE = /^((-|\+)?(\d+(?:\.\d+)?)) *(kb|mb|gb|tb|pb)$/i;

/**
 * @param {object|undefined} options user options
 * @param {string} defaultType media type parsed when `options.type` is unset
 * @returns {{ limit: number, inflate: boolean, verify: Function|false, defaultCharset: string,
 *   shouldParse: (req) => boolean, decompressor: (encoding) => stream|null }}
 */
export function normalizeOptions(options, defaultType) {
  const limit = options?.limit == null ? DEFAULT_LIMIT : parseBytes(options.limit);
  if (limit === null) throw new TypeError(`option limit "${String(options.limit)}" is invalid`);

  const verify = options?.verify || false;
  if (verify !== false && typeof verify !== "function") {
    throw new TypeError("option verify must be function");
  }

  return {
    limit,
    inflate: options?.inflate !== false,
    verify,
    defaultCharset: options?.defaultCharset || "utf-8",
    shouldParse: compileTypeMatcher(options?.type || defaultType),
    decompressor,
  };
}

/** 1024, "1024", "100kb", "1.5 MB" → bytes; null when not a size (same rules as the `bytes` package). */
function parseBytes(value) {
  if (typeof value === "number" && !Number.isNaN(value)) return value;
  if (typeof value !== "string") return null;
  const match = SIZE.exec(value);
  const amount = match ? parseFloat(match[1]) : parseInt(value, 10);
  if (Number.isNaN(amount)) return null;
  return Math.floor(UNITS[match ? match[4].toLowerCase() : "b"] * amount);
}
