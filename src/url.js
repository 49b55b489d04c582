// The pathname of a request target, as Express's parseurl reads it: up to "?" or "#".
export function pathnameOf(url) {
  let end = url.indexOf("?");
  const hash = url.indexOf("#");
  if (hash !== -1 && (end === -1 || hash < end)) end = hash;
  return end === -1 ? url : url.slice(0, end);
}
