// On-the-fly compression of small cached files (option `compress`). The first
// request starts compressing in the background and is served as is; later ones
// get the compressed copy, which lives with the file's cache entry and counts
// against the cache's byte budget (dropped with the entry, LRU).
import { brotliCompress, gzip, constants } from "node:zlib";
import { vary } from "../deps.js";
import { acceptsEncoding } from "./accept-encoding.js";

const COMPRESSIBLE =
  /^(?:text\/|image\/svg\+xml|application\/(?:javascript|json|xml|wasm|manifest\+json|[\w.-]+\+(?:json|xml))\b)/i;
const MIN_SIZE = 1024; // below this, headers outweigh the savings
const WORTH_IT = 0.9; // keep a copy only if it saves at least 10%
const COMPRESSORS = {
  br: (buffer, done) =>
    brotliCompress(
      buffer,
      { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length } },
      done,
    ),
  gzip: (buffer, done) => gzip(buffer, done),
};

// -> { buffer, encoding } to send, or null to send the file as is.
export function compressedCopy(res, headers, entry, cache) {
  if (entry.buffer.length < MIN_SIZE || !COMPRESSIBLE.test(entry.type)) return null;
  vary(res, "Accept-Encoding");
  const accepted = headers["accept-encoding"];
  if (accepted === undefined) return null;
  for (const name in COMPRESSORS) {
    if (!acceptsEncoding(accepted, name)) continue;
    entry.encoded ??= {};
    const copy = entry.encoded[name];
    if (copy === undefined) compress(entry, name, cache);
    return copy ?? null;
  }
  return null;
}

function compress(entry, name, cache) {
  entry.encoded[name] = null; // pending, or not worth it
  COMPRESSORS[name](entry.buffer, (err, buffer) => {
    if (err || buffer.length > entry.buffer.length * WORTH_IT || !cache.account(entry, buffer.length)) return;
    entry.encoded[name] = { buffer, encoding: name };
  });
}
