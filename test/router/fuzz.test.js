// Randomized differential routing: seeded random stacks of routes, middleware and nested
// routers with overlapping patterns, hit with random paths, on Express 5 and lib-server.
// The radix tree only narrows candidates; any request where it narrows wrongly shows here.
import { describe, it, expect, vi, beforeAll, afterAll } from "vitest";
import { differential } from "../helpers/compare.js";
import { randomStack, mismatchesOf, brief, SEEDS } from "../helpers/routing-fuzz.js";

let consoleError;
beforeAll(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterAll(() => consoleError.mockRestore());

const WORDS = ["a", "b", "users", "new", "x.y", "A"];

function makePattern(rand, { prefix }) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const length = 1 + Math.floor(rand() * 3);
  let pattern = "";
  let n = 0;
  for (let i = 0; i < length; i++) {
    const r = rand();
    if (r < 0.45) pattern += "/" + pick(WORDS);
    else if (r < 0.7) pattern += `/:p${n++}`;
    else if (r < 0.8) pattern += `{/:o${n++}}`;
    else if (r < 0.87) pattern += `/:f${n++}{.:e${n++}}`;
    else if (r < 0.94 && !prefix) {
      pattern += rand() < 0.5 ? `/*w${n}` : `{/*w${n}}`;
      break;
    } else {
      // A slash-ended word last: one mid-pattern, before a group, hits a known difference
      // (path.test.js, "/group/a/{/:x}").
      pattern += "/" + pick(WORDS) + "/";
      break;
    }
  }
  return pattern;
}

// RegExp routes, as Express 5's router takes them.
const REGEXPS = [/^\/(a|users)\/([^/]+)$/i, /\/x\.y/];

// A known difference (see path.test.js): Express keeps a trailing slash in a wildcard as a
// final "" element. Mismatches explained by it alone are collected apart, so the fuzz still
// finds everything else.
const WILDCARD_TRAILING_SLASH = /,""\]/g;
const onlyWildcardSlash = (expected, actual) =>
  expected.status === actual.status &&
  expected.body !== actual.body &&
  expected.body.replace(WILDCARD_TRAILING_SLASH, "]") === actual.body.replace(WILDCARD_TRAILING_SLASH, "]");
const knownMismatches = [];

describe("random stacks route like Express 5", () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}`, async () => {
      const d = await differential(randomStack(seed, makePattern, REGEXPS));
      try {
        const mismatches = [];
        for (const { method, path, request, expected, actual } of await mismatchesOf(d, seed)) {
          const mismatch = { request, expected: brief(expected), actual: brief(actual) };
          if (method === "GET" && onlyWildcardSlash(expected, actual)) knownMismatches.push(mismatch);
          else if (method !== "GET" && path.split("?")[0].endsWith("/") && expected.status === actual.status)
            knownMismatches.push(mismatch);
          else mismatches.push(mismatch);
        }
        expect(mismatches.slice(0, 3)).toEqual([]);
      } finally {
        await d.close();
      }
    });
  }

  it("no wildcard trailing-slash mismatches", () => {
    expect(knownMismatches.slice(0, 3)).toEqual([]);
  });
});
