// src/url.js against what Express 5 reads from the same request target: req.path is
// parseurl(req).pathname, the query parser gets parseurl(req).query, and router 2 keeps a
// mounted absolute-form target's "http://host" in front of req.url.
import { describe, expect, it } from "vitest";
import express from "express";
import parseurl from "parseurl";
import { routingPathOf } from "../src/url.js";

/** Express 5's req.path for a request whose req.url is `url`. */
function expressPath(url) {
  const req = Object.create(express.request);
  req.url = url;
  return req.path;
}

describe("routingPathOf: origin-form targets with a fragment", () => {
  // A "#" sends parseurl to url.parse, which turns "\" into "/" and escapes "{", "|", '"'...
  // in the path; Node's HTTP parser delivers such targets as sent.
  it.each(["/a\\b#f", "/a{b}#f", "/a|b^`#f", "/a\"b'<c>#f", "/a\\\\b?c\\d#f", "/a%7B{#f", "/a/b\\#f", "/a#b\\{"])("%j", (url) => {
    expect(routingPathOf(url)).toBe(expressPath(url));
    expect(routingPathOf(url)).toBe(parseurl({ url }).pathname);
  });
});
