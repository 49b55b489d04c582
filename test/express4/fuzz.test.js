// Randomized differential routing for the Express 4 mode: seeded random stacks in
// path-to-regexp 0.1's syntax (optional params, regexp groups, "?" and "*" in text) on
// express@4 and on lib-server's Express 4 mode, with each router's default (a radix tree past
// a few routes) and again with a tree in every router, where it narrows the candidates of
// paths it does not match itself.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import express4 from "express4";
import express from "../../src/express4/index.js";
import { differentialAgainst } from "../helpers/compare.js";
import { randomStack, mismatchesOf, brief, SEEDS } from "../helpers/routing-fuzz.js";
import { treeAbove } from "../../src/router/chain-index.js";

const WORDS = ["a", "b", "users", "new", "x.y", "A"];

// A pattern's pieces: each one's chance (out of 1) and what it adds, made with the random
// source, `pick` and `n` (the next param number); `last` ends the pattern, `routesOnly`
// keeps a piece out of mount paths.
const PIECES = [
  [0.4, (rand, pick) => "/" + pick(WORDS)],
  [0.2, (rand, pick, n) => `/:p${n()}`],
  [0.07, (rand, pick, n) => `/:o${n()}?`],
  [0.05, (rand, pick, n) => `/:d${n()}(\\d+)`],
  [0.05, (rand, pick, n) => `/:f${n()}.:e${n()}?`],
  [0.05, (rand, pick) => `/${pick(WORDS)}s?`],
  [0.06, (rand, pick) => (rand() < 0.5 ? "/*" : `/${pick(WORDS)}*`), { last: true, routesOnly: true }],
  [0.12, (rand, pick) => `/${pick(WORDS)}/`, { last: true }],
];

function makePattern(rand, { prefix }) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  let params = 0;
  const n = () => params++;
  let pattern = "";
  for (let pieces = 1 + Math.floor(rand() * 3); pieces > 0; pieces--) {
    let r = rand();
    const [, make, { last = false } = {}] =
      PIECES.find(([chance, , rules]) => (r -= chance) < 0 && !(prefix && rules?.routesOnly)) ?? PIECES.at(-1);
    pattern += make(rand, pick, n);
    if (last) break;
  }
  return pattern;
}

const REGEXPS = [/^\/(a|users)\/([^/]+)$/i, /\/x\.y/];

function fuzz(title) {
  describe(title, () => {
    for (const seed of SEEDS) {
      it(`seed ${seed}`, async () => {
        const d = await differentialAgainst(express4, randomStack(seed, makePattern, REGEXPS), { subject: express });
        try {
          const mismatches = (await mismatchesOf(d, seed)).map(({ request, expected, actual }) => ({
            request,
            expected: brief(expected),
            actual: brief(actual),
          }));
          expect(mismatches.slice(0, 3)).toEqual([]);
        } finally {
          await d.close();
        }
      });
    }
  });
}

fuzz("random stacks route like Express 4");

describe("with a radix tree in every router", () => {
  let previous;
  beforeAll(() => {
    previous = treeAbove(0);
  });
  afterAll(() => treeAbove(previous));
  fuzz("random stacks route like Express 4");
});
