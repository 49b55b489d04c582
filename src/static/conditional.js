// Conditional requests (RFC 9110 §13), evaluated against the validators the
// response carries (so a user-set ETag or Last-Modified is honoured). Whether the
// client's copy is fresh (If-None-Match, If-Modified-Since → 304) is the `fresh`
// package's call, as for req.fresh and in send: the preconditions are here.

// If-Match then If-Unmodified-Since -> 412 when true. A strong ETag is compared
// strongly (RFC 9110); a weak one, the default, weakly as send does, or a file
// with weak validators could never satisfy If-Match.
export function preconditionFailed(headers, etag, lastModified) {
  const ifMatch = headers["if-match"];
  if (ifMatch) {
    // an empty If-Match counts as none, as in send
    if (ifMatch.trim() === "*") return false;
    return etag === undefined || !listIncludes(ifMatch, etag, etag.startsWith("W/"));
  }
  const since = Date.parse(headers["if-unmodified-since"]);
  if (Number.isNaN(since)) return false;
  const modified = Date.parse(lastModified);
  return Number.isNaN(modified) || modified > since;
}

// If-Range, read as send reads it: a value with a quote in it names ETags, and the response's
// must appear in it (a weak one counts: it is the only tag a default file has, and resuming
// must work); any other value is a date the Last-Modified must not be later than (RFC 9110
// asks for the exact date; send, and so Express, accept a later one). None, or an empty one:
// the range is served.
export function rangeIsCurrent(headers, etag, lastModified) {
  const ifRange = headers["if-range"];
  if (!ifRange) return true;
  if (ifRange.indexOf('"') !== -1) return Boolean(etag) && ifRange.indexOf(etag) !== -1;
  return Date.parse(lastModified) <= Date.parse(ifRange);
}

function listIncludes(list, etag, weak) {
  const wanted = weak ? opaque(etag) : etag;
  for (const item of list.split(",")) {
    const tag = item.trim();
    if ((weak ? opaque(tag) : tag) === wanted) return true;
  }
  return false;
}

// Weak comparison ignores the W/ prefix.
function opaque(tag) {
  return tag.startsWith("W/") ? tag.slice(2) : tag;
}
