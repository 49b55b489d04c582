// What the hand-written node:http2 servers share: which file a path names and the
// headers lib-server's static module sends with it (type, validators, caching).
import { resolve, sep } from "node:path";
import { contentType } from "mime-types";
import { root } from "../static/root.js";

const ROOT = resolve(root);

// The file under the root a request path names, or null (outside it, or malformed).
export function fileFor(path) {
  let pathname;
  try {
    pathname = decodeURIComponent(path.split("?")[0]);
  } catch {
    return null;
  }
  const file = resolve(ROOT, `.${pathname}`);
  return file.startsWith(ROOT + sep) ? file : null;
}

export function fileHeaders(file, stats) {
  return {
    "accept-ranges": "bytes",
    "cache-control": "public, max-age=0",
    "content-type": contentType(file.slice(file.lastIndexOf("."))) || "application/octet-stream",
    etag: `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
    "last-modified": stats.mtime.toUTCString(),
  };
}
