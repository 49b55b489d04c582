// Validates and normalizes the options shared by sendFile and serveStatic once,
// so the request path only reads plain fields.
import { resolve } from "node:path";
import { parseMaxAge } from "./max-age.js";

const DOTFILES = ["ignore", "allow", "deny"];
// Preference order when a client accepts several: brotli compresses better.
const ENCODINGS = { br: ".br", gzip: ".gz" };

export function normalizeSendOptions(opts) {
  opts ??= {};
  const dotfiles = opts.dotfiles ?? "ignore";
  if (!DOTFILES.includes(dotfiles)) throw new TypeError('dotfiles option must be "allow", "deny", or "ignore"');
  const maxAge = parseMaxAge(opts.maxAge || opts.maxage); // send's ||: a 0 maxAge gives way to maxage
  const immutable = Boolean(opts.immutable);
  return {
    root: opts.root ? resolve(opts.root) : null,
    dotfiles,
    index: stringList(opts.index ?? "index.html", "index option"),
    extensions: stringList(opts.extensions ?? [], "extensions option"),
    etag: etagMode(opts.etag),
    lastModified: opts.lastModified !== false,
    acceptRanges: opts.acceptRanges !== false,
    cacheControl:
      opts.cacheControl === false
        ? null
        : `public, max-age=${Math.floor(maxAge / 1000)}${immutable ? ", immutable" : ""}`,
    headers: opts.headers ? Object.entries(opts.headers) : null,
    precompressed: encodingList(opts.precompressed),
    compress: Boolean(opts.compress),
    followSymlinks: Boolean(opts.followSymlinks),
    // Byte offsets into the file, end inclusive (send's start/end).
    start: opts.start || 0,
    end: opts.end,
  };
}

// false | "weak" (default, as send) | "strong". Like send, any falsy value but
// undefined turns ETags off.
function etagMode(value) {
  if (value === undefined) return "weak";
  if (value === "strong") return "strong";
  return value ? "weak" : false;
}

function stringList(value, name) {
  const list = value === false ? [] : [].concat(value);
  for (const item of list) {
    if (typeof item !== "string") throw new TypeError(`${name} must be array of strings or false`);
  }
  return list;
}

// true -> every supported encoding; a list keeps the caller's order.
function encodingList(value) {
  if (!value) return null;
  const names = value === true ? Object.keys(ENCODINGS) : [].concat(value);
  return names.map((name) => {
    if (!Object.hasOwn(ENCODINGS, name))
      throw new TypeError(`precompressed encodings must be among: ${Object.keys(ENCODINGS).join(", ")}`);
    return { name, suffix: ENCODINGS[name] };
  });
}
