// The parts of a request target, as Express's parseurl reads them: the pathname ends at
// "?" or "#", the query string runs from "?" to "#" (a fragment is never part of either).
export function pathnameOf(url) {
  let end = url.indexOf("?");
  const hash = url.indexOf("#");
  if (hash !== -1 && (end === -1 || hash < end)) end = hash;
  return end === -1 ? url : url.slice(0, end);
}

/** The query string without "?", or null when there is none. */
export function queryStringOf(url) {
  const q = url.indexOf("?");
  const hash = url.indexOf("#");
  if (q === -1 || (hash !== -1 && hash < q)) return null;
  return hash === -1 ? url.slice(q + 1) : url.slice(q + 1, hash);
}
