// Express 4's route paths: compiled by path-to-regexp 0.1, the package Express 4 uses, so the
// syntax (`:id(\\d+)`, `/ab?cd`, `*`, groups) and the matching are exactly Express 4's. Two
// shortcuts keep the default mode's speed where they give the same answers: a plain string
// compare for paths without syntax, and the radix tree's shapes (static text and `:name`
// segments) to narrow a large router's candidates, each still confirmed by the RegExp.
import { pathToRegexp01 } from "../deps.js";
import { startsWithFolded } from "../router/pattern.js";

/**
 * Express 4's Layer regexp (with its `fast_slash` / `fast_star` flags, set as Express 4 sets
 * them) and keys for `path` (a string, RegExp or array), plus what the router uses to match
 * faster: `literal` (null, or how to compare without the RegExp) and `shapes` (null: no tree).
 */
export function compilePath(path, options) {
  const keys = [];
  const regexp = pathToRegexp01()(path, keys, options);
  regexp.fast_star = path === "*";
  regexp.fast_slash = path === "/" && options.end === false;
  const plain = typeof path === "string" && /^[\x20-\x7e]*$/.test(path);
  return {
    regexp,
    keys,
    literal: plain && keys.length === 0 ? literalOf(path, options) : null,
    shapes: plain ? shapesOf(path, options) : null,
  };
}

// Characters that 0.1 turns into RegExp syntax (":" starts a param; "." it escapes).
const SYNTAX = /[()*?+[\]{}^$|\\:]/;

// A path without syntax, as its RegExp reads it: `text`, then for a route the end of the path
// (non-strict: one "/" more allowed), for a prefix a "/" or the end. Null where a compare would
// not be the RegExp's answer (a strict prefix, which the router never makes).
function literalOf(path, { end = true, strict = false, sensitive = false }) {
  if (SYNTAX.test(path) || (!end && strict)) return null;
  let text = strict || !path.endsWith("/") ? path : path.slice(0, -1);
  if (!sensitive) text = text.toLowerCase();
  return { text, end, strict, sensitive };
}

/** What the RegExp of a literal path answers: the matched path, or null. */
export function matchLiteral({ text, end, strict, sensitive }, path) {
  const n = text.length;
  if (path.length < n || !(sensitive ? path.startsWith(text) : startsWithFolded(path, text))) return null;
  const c = path.charCodeAt(n); // NaN at the end
  if (path.length === n) return path;
  if (strict || c !== 47) return null;
  if (end) return path.length === n + 1 ? path : null;
  // a prefix takes its "/" when the path ends there or goes on with another "/"
  return path.length === n + 1 || path.charCodeAt(n + 1) === 47 ? path.slice(0, n + 1) : path.slice(0, n);
}

// The radix tree's shape of a path made of static segments and whole-segment `:name` params,
// where 0.1's param ([^/]+?) is the tree's; never `exact`: the RegExp confirms each match,
// so params are always Express 4's own.
function shapesOf(path, { strict = false, sensitive = false }) {
  if (path[0] !== "/") return null;
  const parts = (strict ? path : path.replace(/\/$/, "") || "/").slice(1).split("/");
  const segments = [];
  for (const [i, part] of parts.entries()) {
    if (/^:\w+$/.test(part)) segments.push({ kind: "param" });
    else if (SYNTAX.test(part) || (part === "" && i !== parts.length - 1)) return null;
    else segments.push({ kind: "static", value: sensitive ? part : part.toLowerCase() });
  }
  let param = 0;
  const treePath = segments.map((s) => (s.kind === "static" ? s.value : `:p${param++}`)).join("/");
  return [{ treePath: "/" + treePath, exact: false, segments }];
}
