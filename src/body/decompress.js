import zlib from "node:zlib";

/** A decompressing stream for a Content-Encoding, or null when Node has none for it. */
export function decompressor(encoding) {
  switch (encoding) {
    case "gzip":
      return zlib.createGunzip();
    case "deflate":
      return zlib.createInflate();
    case "br":
      return zlib.createBrotliDecompress();
    case "zstd":
      return zlib.createZstdDecompress?.() ?? null; // Node ≥ 22.15 only
    default:
      return null;
  }
}
