// src/url.js against what Express 5 reads from the same request target: req.path is
// parseurl(req).pathname, the query parser gets parseurl(req).query, and router 2 keeps a
// mounted absolute-form target's "http://host" in front of req.url.
import { parse as parseQueryString } from "node:querystring";
import { describe, expect, it } from "vitest";
import express from "express";
import parseurl from "parseurl";
import { protohostOf, queryStringOf, routingPathOf } from "../src/url.js";

/** Express 5's req.path for a request whose req.url is `url`. */
function expressPath(url) {
  const req = Object.create(express.request);
  req.url = url;
  return req.path;
}

// Targets Node's HTTP parser delivers (and a few only a rewritten req.url can hold).
const targets = [
  // origin-form
  "/",
  "/a",
  "/a/b/",
  "/a//b",
  "/a/../b",
  "/a/./b",
  "//h/a",
  "/a%20b",
  "/a%2Fb",
  "/é",
  "/a'b",
  "/a{b}|c^`",
  "/a\\b",
  "/a\\b?c\\d",
  // query strings
  "/a?",
  "/?",
  "/a?b=1",
  "/a?b=1&c=2",
  "/a??b",
  "/a?b=http://h/c?d",
  "/a?b=1#",
  // fragments end the path and the query; "?" and "\" inside a fragment count for nothing
  "/a#",
  "/a#f",
  "/a#f?x=1",
  "/a?x=1#f",
  "/a?x=1#f?y=2",
  "//h/a#f",
  "/a\\b#f",
  "/a{b}#f",
  "/a#b\\{",
  // absolute-form
  "http://h",
  "http://h/",
  "http://h/a",
  "http://h?b=1",
  "http://h#f",
  "http://h/a?b=1",
  "http://h/a#f?x",
  "http://h/a?b=http://z/c",
  "HTTP://H/A",
  "https://u:p@h:8443/a/b",
  "http://h/a/../b",
  "http://h//a",
  "http:\\\\h\\a\\b",
  "http://h\\a",
  "https://h/a{b}",
  "http://h/a'b\"c<d>",
  "http://h/a|b^`",
  "http://h/a%7B",
  "ftp://h/a",
  "foo://h/a",
  // asterisk-form and other targets that are no path
  "*",
  "a/b",
  "a\\b",
];

describe("routingPathOf", () => {
  it.each(targets)("%j is Express 5's req.path", (url) => {
    expect(routingPathOf(url)).toBe(expressPath(url));
    expect(routingPathOf(url)).toBe(parseurl({ url }).pathname);
  });

  it("keeps an origin-form path as sent, with no copy when there is neither query nor fragment", () => {
    const url = "/a/b%2F/../c";
    expect(routingPathOf(url)).toBe(url);
  });

  it("is undefined when there is no target (Express: null from url.parse)", () => {
    expect(routingPathOf("")).toBeUndefined();
    expect(expressPath("")).toBeNull();
    expect(routingPathOf(undefined)).toBeUndefined();
    expect(routingPathOf(null)).toBeUndefined();
    expect(routingPathOf(42)).toBeUndefined();
  });

  // Where url.parse finds no path at all, Express's req.path is null; these targets never
  // reach an app (Node answers 400 to "?a", "#f" and "mailto:x"), only a rewritten req.url.
  it.each([
    ["foo://h", "/"],
    ["mailto:x@y", "mailto:x@y"],
    ["?a=1", ""],
    ["#f", ""],
  ])("%j, which Express reads as no path, is %j", (url, path) => {
    expect(expressPath(url)).toBeNull();
    expect(routingPathOf(url)).toBe(path);
  });
});

describe("queryStringOf", () => {
  // url.parse escapes "{", '"', "\"... in the query of a target it reads (absolute-form, or
  // with a fragment); parseurl's fast path does not. queryStringOf gives them as sent.
  const UNSAFE = /[\\"'<>^`{|} ]/;
  const sameString = targets.filter((url) => !UNSAFE.test(queryStringOf(url) ?? ""));

  it.each(sameString)("%j is parseurl's query", (url) => {
    expect(queryStringOf(url)).toBe(parseurl({ url }).query);
  });

  it.each(["/a?x={y}#f", '/a?x=\\"<>#f', "/a\\b?c\\d#f", "http://h/a?x={y}", "http://h/a?q='a b'"])(
    "%j: the string differs from parseurl's only in escapes, the parsed query is the same",
    (url) => {
      const ours = queryStringOf(url);
      const theirs = parseurl({ url }).query;
      expect(ours).not.toBe(theirs);
      expect(decodeURIComponent(theirs)).toBe(ours);
      expect(parseQueryString(ours)).toEqual(parseQueryString(theirs));
    },
  );

  it("is null without a '?', and when the '?' is inside the fragment", () => {
    expect(queryStringOf("/a")).toBeNull();
    expect(queryStringOf("/a#b?c")).toBeNull();
    expect(queryStringOf("")).toBeNull();
    expect(queryStringOf("*")).toBeNull();
  });

  it("is '' for a '?' with nothing after it, also before a fragment", () => {
    expect(queryStringOf("/a?")).toBe("");
    expect(queryStringOf("/a?#f")).toBe("");
  });

  it("starts after the first '?' and keeps later ones", () => {
    expect(queryStringOf("/a??b?c")).toBe("?b?c");
    expect(queryStringOf("?a=1")).toBe("a=1");
  });
});

describe("protohostOf", () => {
  // What router 2 leaves in req.url inside app.use("/m", ...): the protohost kept in front
  // of what follows the mount path.
  function expressMounted(url) {
    const router = express.Router();
    let seen;
    router.use("/m", (req, res, next) => {
      seen = req.url;
      next();
    });
    router.handle({ url, method: "GET" }, {}, () => {});
    return seen;
  }
  const mounted = (url) => {
    const protohost = protohostOf(url);
    return protohost + url.slice(protohost.length + "/m".length);
  };

  it.each([
    "/m/x",
    "/m/x?y=http://z/",
    "http://h/m",
    "http://h/m/x",
    "http://h:80/m/x?y=http://z/",
    "https://u:p@h/m?q",
    "http://h/m#f/x",
    "HTTP://H/m/x",
  ])("%j mounted at /m is router 2's req.url", (url) => {
    expect(mounted(url)).toBe(expressMounted(url));
  });

  it.each([
    ["http://h/a", "http://h"],
    ["https://u:p@h:8443/a/b?c", "https://u:p@h:8443"],
    ["http://h/a#f", "http://h"],
    ["HTTP://H/A", "HTTP://H"],
    // Router 2's getProtohost also cuts at the first "/" after "://", be it in the query;
    // harmless: the path is "/", which no mount path trims.
    ["http://h?b=/c", "http://h?b="],
  ])("%j has protohost %j", (url, protohost) => {
    expect(protohostOf(url)).toBe(protohost);
  });

  it.each([
    "",
    "/",
    "/a?b=http://h/c",
    "//h/a",
    "*",
    "a/b",
    "http://h", // no path after the authority: nothing to keep, as in router 2
    "?b=http://h/c", // a "://" in the query is no scheme
  ])("%j has none", (url) => {
    expect(protohostOf(url)).toBe("");
  });
});
