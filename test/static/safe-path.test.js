// Request paths to root-relative paths, or a refusal with its status: decoded once, so no
// encoded dot segment or separator gets past.
import { describe, it, expect } from "vitest";
import {
  relativeFromUrl,
  normalizeRelative,
  hasDotSegment,
  endsInDotfile,
  rootPrefix,
  isRefused,
  MALFORMED_PATH,
  FORBIDDEN_PATH,
} from "../../src/static/safe-path.js";

describe("relativeFromUrl", () => {
  it.each([
    ["/a/b", "/a/b"],
    ["/a/b/", "/a/b/"],
    ["/", "/"],
    ["//a///b", "/a/b"],
    ["/a/./b/../c", "/a/c"],
    ["/a%20b", "/a b"],
    ["/%C3%BC", "/ü"],
    ["/a/%2e%2e/b", "/b"],
  ])("%s -> %s", (url, path) => {
    expect(relativeFromUrl(url)).toBe(path);
  });

  it.each([
    ["/%E0%A4%A", MALFORMED_PATH],
    ["/a%00b", MALFORMED_PATH],
    ["/..", FORBIDDEN_PATH],
    ["/%2e%2e/etc/passwd", FORBIDDEN_PATH],
    ["/a/..%2f..%2fsecret", FORBIDDEN_PATH],
    ["/a\\b", FORBIDDEN_PATH],
    ["/a%5c..%5c..%5csecret", FORBIDDEN_PATH],
  ])("%s is refused", (url, refusal) => {
    const result = relativeFromUrl(url);
    expect(isRefused(result)).toBe(true);
    expect(result).toBe(refusal);
  });

  it("refusals carry the status of their answer and cannot change", () => {
    expect([MALFORMED_PATH.status, FORBIDDEN_PATH.status]).toEqual([400, 403]);
    expect(Object.isFrozen(MALFORMED_PATH)).toBe(true);
    expect(isRefused("/a")).toBe(false);
  });
});

it("normalizeRelative takes decoded paths: a '%' is a plain character there", () => {
  expect(normalizeRelative("/a%2e%2e")).toBe("/a%2e%2e");
  expect(normalizeRelative("/a/../../b")).toBe(FORBIDDEN_PATH);
});

it("hasDotSegment and rootPrefix", () => {
  expect([hasDotSegment("/a/.env"), hasDotSegment("/.git/config"), hasDotSegment("/a.b/c")]).toEqual([
    true,
    true,
    false,
  ]);
  expect([rootPrefix("/srv/"), rootPrefix("/srv"), rootPrefix("/")]).toEqual(["/srv", "/srv", ""]);
});

it("endsInDotfile: only the last segment counts, and a trailing slash leaves it empty", () => {
  expect(["/a/.env", "/.git", "/.git/config", "/.git/", "/a.b", "/"].map(endsInDotfile)).toEqual([
    true,
    true,
    false,
    false,
    false,
    false,
  ]);
});
