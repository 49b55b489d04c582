// Route patterns, compiled two ways:
//  1. a RegExp that matches exactly like Express 5 (path-to-regexp 8 semantics), used to
//     confirm a match and to read params when the radix tree alone cannot;
//  2. "shapes": find-my-way paths that cover every URL the pattern can match, plus the
//     segment list the router uses to decide which layers may overlap one tree match.
//
// Supported syntax: Express 5's, parsed by path-to-regexp itself (`:name`, `*name`,
// `{optional}`, `\\` escapes), and the common Express 4 forms (`:name?` and a bare `*`,
// whose value lands in params[0]).
import { pathToRegexp } from "../deps.js";
import { internalized } from "../property-key.js";

export function compilePattern(pattern, { end = true, strict = false, sensitive = false } = {}) {
  if (pattern instanceof RegExp) return compileRegExp(pattern, end);
  if (typeof pattern !== "string") throw new TypeError(`path must be a string or RegExp, got ${typeof pattern}`);
  // Non-strict routing ignores a trailing slash of the pattern text (not of its groups); as
  // in Express, errors then quote the pattern without it.
  const path = strict ? pattern : pattern.replace(/\/+$/, "") || "/";
  const alternatives = [];
  const keys = [];
  const sources = [];
  // One alternative at a time, as path-to-regexp does: which error a bad pattern with too
  // many alternatives gets depends on it.
  for (const tokens of expand(parse(path))) {
    if (alternatives.length === 256) throw pathError("Too many path combinations", path);
    alternatives.push(mergeText(tokens));
    sources.push(toRegExpSource(alternatives.at(-1), keys, path));
  }
  const tail = end ? (strict ? "$" : "(?:\\/$)?$") : strict ? "(?=\\/|$)" : "(?:\\/$)?(?=\\/|$)";
  const regexp = new RegExp(`^(?:${sources.join("|")})${tail}`, sensitive ? "" : "i");
  return {
    regexp,
    keys,
    shapes: alternatives.map((alt) => toShape(alt, sensitive, strict)),
    // A prefix pattern of "/" matches everything: the router skips the test entirely.
    matchesAll: !end && pattern.replace(/\/+$/, "") === "",
    literal: literalOf(alternatives, sensitive),
    end,
    strict,
    sensitive,
  };
}

// The text of a pattern without params or optional parts, which matchLiteral compares
// without running the RegExp (in the stack of a small app, every route's test). Only
// ASCII: the RegExp's case-insensitive match folds ASCII letters only there, and
// nothing else.
function literalOf(alternatives, sensitive) {
  if (alternatives.length !== 1 || !alternatives[0].every((token) => token.type === "text")) return null;
  const text = alternatives[0].map((token) => token.value).join("");
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return null;
  return sensitive ? text : text.toLowerCase();
}

function compileRegExp(regexp, end) {
  const keys = [];
  let unnamed = 0;
  // Capturing groups, named or not, in source order (same rule as Express's router).
  for (const m of regexp.source.matchAll(/\((?:\?<(.*?)>)?(?!\?)/g)) {
    keys.push({ name: m[1] === undefined ? unnamed++ : internalized(m[1]), wildcard: false });
  }
  return { regexp, keys, shapes: null, matchesAll: false, raw: true, literal: null, end };
}

// ---- parsing ---------------------------------------------------------------

// path-to-regexp's parse (the version Express's router uses: its syntax, its errors), plus
// Express 4's `:name?` and bare `*`, which it refuses. Those are found first by reading the
// pattern's syntax (express4Forms) and replaced by placeholder characters, one for one, so
// that path-to-regexp parses the rest and a later error's index is the pattern's own; the
// placeholders then become tokens. Nothing depends on the wording of its errors.
function parse(path) {
  const { parse: parseTokens } = pathToRegexp();
  const express4 = express4Forms(path);
  if (express4 === null) return parseTokens(path).tokens;
  let tokens;
  try {
    ({ tokens } = parseTokens(express4.source));
  } catch (err) {
    throw asWritten(err, path, express4.marks);
  }
  return express4Tokens(tokens, express4.marks);
}

// Express's errors for bad patterns are path-to-regexp's, a TypeError subclass (a TypeError
// before path-to-regexp 8.3).
const pathError = (message, path) => new (pathToRegexp().PathError ?? TypeError)(message, path);

// path-to-regexp's name characters (the same in every 8.x).
const ID_START = /^[$_\p{ID_Start}]$/u;
const ID_CONTINUE = /^[$\u200c\u200d\p{ID_Continue}]$/u;

// The pattern with its Express 4 forms replaced by placeholders, or null when it has none.
// Read as path-to-regexp reads it: "\\" escapes the next character, ":" and "*" take a name
// (an identifier or a quoted string). A "?" right after a param's name makes it optional; a
// "*" without a name is Express 4's wildcard. Anything else is left for path-to-regexp to
// accept or refuse.
function express4Forms(path) {
  const chars = [...path];
  let marks = null;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (c === "\\") {
      i++;
    } else if (c === ":" || c === "*") {
      const end = nameEnd(chars, i + 1);
      if (c === "*" && end === i + 1) chars[i] = (marks ??= unusedCharacters(path)).star;
      else if (c === ":" && end > i + 1 && chars[end] === "?") chars[end] = (marks ??= unusedCharacters(path)).optional;
      i = end - 1;
    }
  }
  return marks === null ? null : { source: chars.join(""), marks };
}

// Where the name that starts at `start` ends (`start` itself when there is none).
function nameEnd(chars, start) {
  if (ID_START.test(chars[start])) {
    let i = start + 1;
    while (ID_CONTINUE.test(chars[i])) i++;
    return i;
  }
  if (chars[start] !== '"') return start;
  for (let i = start + 1; i < chars.length; i++) {
    if (chars[i] === '"') return i + 1;
    if (chars[i] === "\\") i++;
  }
  return chars.length; // unterminated: path-to-regexp says so
}

// Two characters (private use) the pattern does not contain.
function unusedCharacters(path) {
  const unused = [];
  for (let c = 0xe000; unused.length < 2; c++)
    if (!path.includes(String.fromCharCode(c))) unused.push(String.fromCharCode(c));
  const [optional, star] = unused;
  return { optional, star, split: new RegExp(`([${optional}${star}])`), unnamed: 0 };
}

// An error of the pattern's own, past its Express 4 forms, told of the pattern as written:
// the placeholders in what path-to-regexp quotes are put back (its index is right already).
function asWritten(err, path, { optional, star }) {
  err.message = err.message.replaceAll(optional, "?").replaceAll(star, "*");
  if (err.originalPath !== undefined) err.originalPath = path;
  return err;
}

// An optional mark makes the param before it optional, with the "/" or "." before it; a
// star is a wildcard that may match nothing, named by position as Express 4 did.
function express4Tokens(tokens, marks) {
  const out = [];
  for (const token of tokens) {
    if (token.type === "group") out.push({ type: "group", tokens: express4Tokens(token.tokens, marks) });
    else if (token.type !== "text") out.push(token);
    else {
      for (const part of token.value.split(marks.split)) {
        if (part === marks.star) out.push({ type: "wildcard", name: marks.unnamed++, loose: true });
        else if (part === marks.optional) out.push(optionalGroup(out));
        else if (part) out.push({ type: "text", value: part });
      }
    }
  }
  return out;
}

function optionalGroup(out) {
  const param = out.pop();
  const before = out.at(-1);
  if (before?.type !== "text" || !/[/.]$/.test(before.value)) return { type: "group", tokens: [param] };
  if (before.value.length === 1) out.pop();
  else out[out.length - 1] = { type: "text", value: before.value.slice(0, -1) };
  return { type: "group", tokens: [{ type: "text", value: before.value.slice(-1) }, param] };
}

// Optional groups become alternatives, longest first, in path-to-regexp's order.
function* expand(tokens, prefix = []) {
  const group = tokens.findIndex((token) => token.type === "group");
  if (group === -1) return yield prefix.concat(tokens);
  const head = prefix.concat(tokens.slice(0, group));
  const rest = tokens.slice(group + 1);
  for (const withGroup of expand(tokens[group].tokens, head)) yield* expand(rest, withGroup);
  yield* expand(rest, head);
}

function mergeText(tokens) {
  const out = [];
  for (const t of tokens) {
    const last = out[out.length - 1];
    if (t.type === "text" && last?.type === "text") out[out.length - 1] = { type: "text", value: last.value + t.value };
    else out.push(t);
  }
  return out;
}

// ---- regexp ------------------------------------------------------------------

const escapeRe = (s) => s.replace(/[.+*?^${}()[\]|/\\]/g, "\\$&");

// path-to-regexp's capture rules (its toRegExpSource), which also keep matching linear: only
// the first wildcard of a path may cross "/", a later one or a param next to a wildcard
// stops at the text around it, so no two greedy groups compete for the same characters.
// Ours, not its pathToRegexp(): Express 4's bare "*" may match nothing, and the shapes need
// the alternatives anyway. The pattern tests and the fuzz compare the result with Express's.
function toRegExpSource(tokens, keys, pattern) {
  let source = "";
  let backtrack = ""; // text since the last capture
  let wildcardBacktrack = ""; // text right after the last wildcard
  let previousCapture = NONE;
  let segmentCaptures = NONE; // captures seen in the current "/"-segment
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    if (token.type === "text") {
      source += escapeRe(token.value);
      backtrack += token.value;
      if (previousCapture === WILDCARD) wildcardBacktrack += token.value;
      if (token.value.includes("/")) segmentCaptures = NONE;
      continue;
    }
    if (previousCapture !== NONE && !backtrack)
      throw pathError(`Missing text before "${token.name}" ${token.type}`, pattern);
    if (token.type === "param") {
      if (segmentCaptures & WILDCARD) source += `(${negate("/", backtrack)}+)`;
      else if (wildcardLaterInSegment(tokens, index + 1)) source += `(${negate("/", textAt(tokens, index + 1))}+)`;
      else if (segmentCaptures & PARAM) source += `(${negate("/", backtrack)}+|${escapeRe(backtrack)})`;
      else source += "([^\\/]+)";
      segmentCaptures |= previousCapture = PARAM;
    } else {
      // Express 4's bare "*" may also match nothing.
      const repeat = token.loose ? "*" : "+";
      if (segmentCaptures & WILDCARD) source += `(${negate(backtrack, "")}${repeat})`;
      else if (wildcardBacktrack) source += `(${negate(wildcardBacktrack, "")}${repeat}|${negate("/", "")}${repeat})`;
      else source += `([\\s\\S]${repeat})`;
      wildcardBacktrack = "";
      segmentCaptures |= previousCapture = WILDCARD;
    }
    keys.push({ name: internalized(token.name), wildcard: token.type === "wildcard", loose: Boolean(token.loose) });
    backtrack = "";
  }
  return source;
}

const NONE = 0;
const PARAM = 1;
const WILDCARD = 2;

function wildcardLaterInSegment(tokens, index) {
  for (; index < tokens.length; index++) {
    const token = tokens[index];
    if (token.type === "wildcard") return true;
    if (token.type === "text" && token.value.includes("/")) return false;
  }
  return false;
}

function textAt(tokens, index) {
  let text = "";
  for (; index < tokens.length && tokens[index].type === "text"; index++) text += tokens[index].value;
  return text;
}

// A character class (or lookahead) for one character that starts neither `a` nor `b`.
function negate(a, b) {
  if (b.length > a.length) return negate(b, a);
  if (a === b) b = "";
  if (b.length > 1) return `(?:(?!${escapeRe(a)}|${escapeRe(b)})[\\s\\S])`;
  if (a.length > 1) return `(?:(?!${escapeRe(a)})[^${escapeRe(b)}])`;
  return `[^${escapeRe(a + b)}]`;
}

// ---- shapes for the radix tree ----------------------------------------------

// A shape is the find-my-way path covering an alternative, with params renamed by
// position (p0, p1, ...) so that equal shapes from different layers share one tree entry.
// `exact` means find-my-way's match is the Express match, with params in the same order;
// otherwise the router confirms with the RegExp. `segments` drive the overlap analysis.
function toShape(tokens, sensitive, strict) {
  // Split the alternative into "/"-separated segments, each a list of pieces.
  const pieces = [[]];
  for (const token of tokens) {
    if (token.type !== "text") {
      pieces[pieces.length - 1].push(token);
      continue;
    }
    token.value.split("/").forEach((part, index) => {
      if (index > 0) pieces.push([]);
      if (part) pieces[pieces.length - 1].push(token.type === "text" ? { type: "text", value: part } : token);
    });
  }
  if (pieces.shift().length !== 0) return null; // not starting with "/": RegExp-only

  let exact = true;
  const segments = [];
  for (let s = 0; s < pieces.length; s++) {
    const segment = pieces[s];
    // Express 4's bare "*" also matches nothing at all, which the tree can't express.
    if (segment.some((piece) => piece.loose)) return null;
    if (segment.some((piece) => piece.type === "wildcard")) {
      // find-my-way's "*" takes the rest of the path; anything fancier is confirmed by RegExp.
      const alone = segment.length === 1 && s === pieces.length - 1;
      if (!alone) exact = false;
      segments.push({ kind: "wildcard" });
      break;
    }
    if (segment.every((piece) => piece.type === "text")) {
      const value = segment.map((piece) => piece.value).join("");
      if (/[:*]/.test(value)) return null; // find-my-way syntax characters: keep it out of the tree
      segments.push({ kind: "static", value: sensitive ? value : value.toLowerCase() });
    } else {
      // One param owning the segment is exact; a param glued to text is confirmed by RegExp.
      if (segment.length !== 1) exact = false;
      segments.push({ kind: "param" });
    }
  }

  // "/a/" left by an optional group: the tree (trailing slash ignored) would also take
  // "/a", which Express refuses. Confirm by RegExp.
  const last = segments[segments.length - 1];
  if (!strict && segments.length > 1 && last.kind === "static" && last.value === "") exact = false;

  let param = 0;
  const treePath = segments
    .map((segment) => (segment.kind === "static" ? segment.value : segment.kind === "param" ? `:p${param++}` : "*"))
    .join("/");
  return { treePath: "/" + treePath, exact, segments };
}

/**
 * Can some URL match both shapes? Conservative: "true" when unsure.
 * `aPrefix` says shape a is a mount prefix (matches longer URLs too).
 */
export function shapesMayOverlap(a, aPrefix, b) {
  const sa = a.segments;
  const sb = b.segments;
  const n = Math.min(sa.length, sb.length);
  for (let i = 0; i < n; i++) {
    const x = sa[i];
    const y = sb[i];
    if (x.kind === "wildcard" || y.kind === "wildcard") return true;
    if (x.kind === "static" && y.kind === "static" && x.value !== y.value) {
      // Trailing-slash tolerance: "/a/" vs "/a" differ only by an empty last segment.
      if (!(x.value === "" || y.value === "")) return false;
    }
  }
  if (sa.length === sb.length) return true;
  if (sa.length < sb.length) return aPrefix || sb[n].kind === "wildcard" || isEmptyTail(sb, n);
  return sa[n].kind === "wildcard" || isEmptyTail(sa, n);
}

const isEmptyTail = (segments, from) =>
  segments.length === from + 1 && segments[from].kind === "static" && segments[from].value === "";

/** Decodes one param value like Express: a malformed escape is a 400. */
export function decodeParam(value) {
  if (value.length === 0 || value.indexOf("%") === -1) return value;
  try {
    return decodeURIComponent(value);
  } catch (err) {
    if (err instanceof URIError) {
      err.message = `Failed to decode param '${value}'`;
      err.status = err.statusCode = 400;
    }
    throw err;
  }
}

/** Runs a compiled pattern's RegExp; returns { params, path } or null. */
export function matchPattern(compiled, path) {
  if (compiled.literal !== null) return matchLiteral(compiled, path);
  const m = compiled.regexp.exec(path);
  if (m === null) return null;
  const params = compiled.raw ? {} : Object.create(null);
  const keys = compiled.keys;
  // Alternatives share one key list: each alternative fills its own capture groups.
  for (let i = 1; i < m.length; i++) {
    const value = m[i];
    if (value === undefined) continue;
    const key = keys[i - 1];
    if (key.wildcard && !key.loose) params[key.name] = value.split("/").map(decodeParam);
    else params[key.name] = decodeParam(value);
  }
  return { params, path: m[0] };
}

/**
 * What the RegExp of a literal pattern answers: the text (case-insensitively unless
 * `sensitive`), then for a route the end of the path, for a prefix a "/" or the end; a
 * single trailing "/" belongs to the match unless `strict`.
 */
function matchLiteral({ literal, end, strict, sensitive }, path) {
  const n = literal.length;
  if (path.length < n || !(sensitive ? path.startsWith(literal) : startsWithFolded(path, literal))) return null;
  if (path.length === n || (!strict && path.length === n + 1 && path.charCodeAt(n) === 47)) {
    return { params: Object.create(null), path };
  }
  if (end || path.charCodeAt(n) !== 47) return null;
  return { params: Object.create(null), path: path.slice(0, n) };
}

/** Whether `path` starts with `lowered` (ASCII, lower case), folding ASCII letters only. */
export function startsWithFolded(path, lowered) {
  for (let i = 0; i < lowered.length; i++) {
    const c = path.charCodeAt(i);
    if (c !== lowered.charCodeAt(i) && !(c >= 65 && c <= 90 && c + 32 === lowered.charCodeAt(i))) return false;
  }
  return true;
}
