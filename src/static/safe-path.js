// Turns request paths into normalized, root-relative paths ("/a/b", trailing
// slash kept), or a refusal. Decoding happens exactly once, before normalizing,
// so "%2e%2e", "%2f" and friends can't sneak past.

/** Why a path is refused before any file is looked up; `status` is the answer's. */
class PathRefusal {
  constructor(status) {
    this.status = status;
    Object.freeze(this);
  }
}
export const MALFORMED_PATH = new PathRefusal(400); // a bad escape or a NUL byte
export const FORBIDDEN_PATH = new PathRefusal(403); // climbs out of the root, or a backslash
export const isRefused = (result) => result instanceof PathRefusal;

// A path with no "%", "\", "//" or "/." is already normalized: most requests.
function isPlain(path) {
  if (path.charCodeAt(0) !== 47 /* / */) return false;
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c === 37 /* % */ || c === 92 /* \ */) return false;
    if (c === 47 && i + 1 < path.length) {
      const next = path.charCodeAt(i + 1);
      if (next === 47 || next === 46 /* . */) return false;
    }
  }
  return true;
}

// URL pathname (still percent-encoded) -> "/a/b" or a refusal.
export function relativeFromUrl(pathname) {
  if (isPlain(pathname)) return pathname;
  let decoded = pathname;
  if (pathname.includes("%")) {
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return MALFORMED_PATH;
    }
  }
  return normalizeRelative(decoded);
}

// Decoded path -> "/a/b" or a refusal. ".." may not climb above the root;
// backslashes are refused everywhere since Windows treats them as separators.
export function normalizeRelative(path) {
  if (path.includes("\0")) return MALFORMED_PATH;
  const kept = [];
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (kept.length === 0) return FORBIDDEN_PATH;
      kept.pop();
    } else if (segment.includes("\\")) {
      return FORBIDDEN_PATH;
    } else {
      kept.push(segment);
    }
  }
  const normalized = "/" + kept.join("/");
  return kept.length > 0 && path.endsWith("/") ? normalized + "/" : normalized;
}

// Normalized paths hold no "." or ".." segments, so "/." can only start a dotfile.
export function hasDotSegment(normalized) {
  return normalized.includes("/.");
}

// "/a/.b", not "/.a/b" nor "/.a/" (its last segment is empty).
export function endsInDotfile(normalized) {
  return normalized.charCodeAt(normalized.lastIndexOf("/") + 1) === 46; /* . */
}

// The prefix a root-relative path ("/a") is appended to: "/srv" + "/a", but "/" + "/a" would give "//a".
export function rootPrefix(root) {
  return root.endsWith("/") ? root.slice(0, -1) : root;
}
