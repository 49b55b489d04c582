// singleRange(size, header, parseRange) (src/static/ranges.js), with range-parser 1.3 (send 1.x's): one satisfiable range -> 206, several ->
// the whole entity, as send answers them; a list of more than 8 is not even parsed.
import { describe, it, expect } from "vitest";
import { parseRange } from "../../src/deps.js";
import { singleRange as singleRangeWith } from "../../src/static/ranges.js";

const singleRange = (size, header) => singleRangeWith(size, header, parseRange);

describe("singleRange", () => {
  it.each([
    ["bytes=0-4", { start: 0, end: 4 }],
    ["bytes=15-", { start: 15, end: 19 }],
    ["bytes=-3", { start: 17, end: 19 }],
    ["bytes=18-100", { start: 18, end: 19 }],
    ["bytes=0-2,1-4", { start: 0, end: 4 }], // overlapping ranges merge into one
    ["bytes=0-1,2-3", { start: 0, end: 3 }], // so do adjacent ones
  ])("%s of 20 bytes -> %j", (header, range) => {
    expect(singleRange(20, header)).toEqual(range);
  });

  it.each(["bytes=20-30", "bytes=5-2", "bytes=-0"])("%s of 20 bytes is unsatisfiable", (header) => {
    expect(singleRange(20, header)).toBe("unsatisfiable");
  });

  it.each(["bytes=0-1,5-6", "bytes=abc", "items=0-1", "bytes 0-1", ""])("%j -> the whole entity", (header) => {
    expect(singleRange(20, header)).toBeNull();
  });

  it("answers a list of more than 8 ranges with the whole entity, even where they would merge", () => {
    const list = (count) => "bytes=" + Array.from({ length: count }, () => "0-1").join(",");
    expect(singleRange(20, list(8))).toEqual({ start: 0, end: 1 });
    expect(singleRange(20, list(9))).toBeNull();
    expect(singleRange(20, list(2000))).toBeNull();
  });
});
