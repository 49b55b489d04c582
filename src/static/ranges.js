// Byte ranges. One satisfiable range -> 206. Several ranges are answered with
// the whole entity (200), as `send` does: RFC 9110 allows ignoring Range, it
// avoids multipart/byteranges framing, and a client asking for many pieces
// gets them all in one response. Overlapping ranges that merge into one still
// get a 206. A long list is ignored before parsing, so an abusive header costs
// no more than a single range.
const MAX_LISTED_RANGES = 8;

// -> { start, end } | "unsatisfiable" | null (serve the whole entity); `parseRange` is the
// file server's range-parser (its headerRules: serve-path.js).
export function singleRange(size, header, parseRange) {
  if (!header.startsWith("bytes=")) return null;
  let commas = 0;
  for (let i = header.indexOf(","); i !== -1; i = header.indexOf(",", i + 1)) {
    if (++commas >= MAX_LISTED_RANGES) return null;
  }
  const ranges = parseRange(size, header, { combine: true });
  if (ranges === -1) return "unsatisfiable";
  if (ranges === -2 || ranges.length !== 1) return null;
  return ranges[0];
}
