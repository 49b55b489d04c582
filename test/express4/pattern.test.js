// Express 4's route paths (src/express4/pattern.js) through its Layer (src/express4/layer.js):
// every path form Express 4 apps use, compiled and matched side by side with Express 4's
// own Layer (path-to-regexp 0.1), including the shortcuts that skip its RegExp (a literal
// compare) and the radix tree's shapes.
import { createRequire } from "node:module";
import { describe, it, expect } from "vitest";
import { Layer } from "../../src/express4/layer.js";
import { compilePath, matchLiteral } from "../../src/express4/pattern.js";
import { PATH_FORMS } from "./path-forms.js";

const require = createRequire(import.meta.url);
const Express4Layer = require("express4/lib/router/layer.js");

const noop = function handler(req, res, next) {
  next();
};

// What a layer reports for `path`: its params and matched path, or a thrown error's status
// and message; and the layer's own fields afterwards, as Express 4 leaves them.
function outcome(layer, path) {
  let match;
  try {
    match = layer.match(path);
  } catch (err) {
    return { status: err.status, message: err.message };
  }
  return { matched: Boolean(match), params: layer.params, path: layer.path };
}

const PATHS = [
  "/",
  "",
  "/a",
  "/a/",
  "/A",
  "/a//",
  "/a//b",
  "/a/b",
  "/a/b/",
  "/a.json",
  "/abcd",
  "/acd",
  "/abbbcd",
  "/abe",
  "/abcde",
  "/users/42",
  "/users/42/",
  "/users/x",
  "/users/%E2%82%AC",
  "/users/%E0%A4%A",
  "/global/x",
  "/flow/x",
  "/other/x",
  "/7/push",
  "/7/push/",
  "/7/push/a/b",
  "/7/pushx",
  "/endpoint",
  "/endpointX/y",
  "/files/notes/a.txt",
  "/files/",
  "/user/tj/edit",
  "/user/tj",
  "/post/1.json",
  "/post/1",
  "/ab/cd",
];

const FORMS = [
  "/",
  "",
  "/a",
  "/a/",
  "/users/:id",
  "/users/:id/",
  ...PATH_FORMS,
  "*",
  "/:a/:b",
  "/a.json",
  "/ab*cd",
  /^\/a\/?/,
  /^\/users\/(?<id>\d+)$/,
  ["/a", "/users/:id"],
  ["/ab?cd", /^\/post/],
];

const OPTIONS = [
  { end: true },
  { end: true, strict: true },
  { end: true, sensitive: true },
  { end: false },
  { end: false, sensitive: true },
];

describe("every path form, compiled and matched by Express 4's Layer", () => {
  for (const form of FORMS) {
    for (const options of OPTIONS) {
      it(`${String(form)} ${JSON.stringify(options)}: compiled and matched as Express 4's`, () => {
        const theirs = new Express4Layer(form instanceof RegExp ? new RegExp(form) : form, options, noop);
        const ours = new Layer(form instanceof RegExp ? new RegExp(form) : form, options, noop);
        expect(ours.regexp.source).toBe(theirs.regexp.source);
        expect(ours.regexp.flags).toBe(theirs.regexp.flags);
        expect([ours.regexp.fast_slash, ours.regexp.fast_star]).toEqual([
          theirs.regexp.fast_slash,
          theirs.regexp.fast_star,
        ]);
        expect(ours.keys).toEqual(theirs.keys);
        for (const path of PATHS) expect(outcome(ours, path), path).toEqual(outcome(theirs, path));
      });
    }
  }
});

describe("compilePath", () => {
  it("compares a path without syntax, giving its RegExp's answers", () => {
    const paths = ["/a", "/a/", "/a//", "/a//b", "/a/b", "/A/b", "/ab", "/", "", "/a.b", "/a/b/c"];
    for (const form of ["/a", "/a/", "/", "/a.b", "/a//"]) {
      for (const options of OPTIONS) {
        const compiled = compilePath(form, options);
        if (compiled.literal === null) continue;
        for (const path of paths) {
          const m = compiled.regexp.exec(path);
          expect(matchLiteral(compiled.literal, path), `${form} ${JSON.stringify(options)} ${path}`).toBe(
            m === null ? null : m[0],
          );
        }
      }
    }
  });

  it("leaves paths with syntax, and non-ASCII ones, to the RegExp", () => {
    for (const form of ["/ab?cd", "/a+", "/:id", "/(a)", "/a*", "/caf\u00e9", /^\/a/, ["/a"]])
      expect(compilePath(form, { end: true }).literal).toBeNull();
  });

  it("gives the radix tree static text and whole-segment :name params only, never as an exact match", () => {
    const shape = (path, options = { end: true }) => compilePath(path, options).shapes?.map((s) => s.treePath);
    expect(shape("/users/:id")).toEqual(["/users/:p0"]);
    expect(shape("/Users/:id/Edit/")).toEqual(["/users/:p0/edit"]);
    expect(shape("/Users/", { end: true, strict: true, sensitive: true })).toEqual(["/Users/"]);
    expect(shape("/")).toEqual(["/"]);
    expect(compilePath("/users/:id", { end: true }).shapes[0].exact).toBe(false);
    for (const path of ["/users/:id(\\d+)", "/ab?cd", "/a*", "*", "/:a-:b", "/post/:id.:format?", "a/b", "/a//b"])
      expect(shape(path), path).toBeUndefined();
    expect(shape(/^\/a/)).toBeUndefined();
    expect(shape(["/a", "/b"])).toBeUndefined();
  });
});
