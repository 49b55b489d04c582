// parseMaxAge(value) (src/static/max-age.js): maxAge in milliseconds or as a duration string,
// read as send reads it (with the `ms` package), clamped to [0, 1 year].
import { describe, it, expect } from "vitest";
import { createRequire } from "node:module";
import { parseMaxAge } from "../../src/static/max-age.js";

// send's own reading of a maxAge, with the `ms` it depends on.
const requireFromSend = createRequire(createRequire(import.meta.url).resolve("send"));
const ms = requireFromSend("ms");
const ONE_YEAR = 365 * 24 * 60 * 60 * 1000;
const sendMaxAge = (value) => {
  const parsed = typeof value === "string" ? ms(value) : Number(value);
  return Number.isNaN(parsed) || parsed === undefined ? 0 : Math.min(Math.max(0, parsed), ONE_YEAR);
};

describe("parseMaxAge", () => {
  it.each([
    "500",
    "500ms",
    "1.5s",
    ".5s",
    "2 hours",
    "1 Hour",
    "90m",
    "3 mins",
    "1d",
    "2 days",
    "1w",
    "2 weeks",
    "1y",
    "10y",
    "1 yr",
    "-1d",
    "1.5h",
    "soon",
    "1 fortnight",
    "1dd",
    "d",
    " 2h",
    "2h ",
    `${"1".repeat(99)}s`,
  ])("%j means what it means to send", (value) => {
    expect(parseMaxAge(value)).toBe(sendMaxAge(value));
  });

  it("reads the units as the `ms` package does", () => {
    expect([parseMaxAge("1d"), parseMaxAge("2 hours"), parseMaxAge("500ms"), parseMaxAge("1.5s")]).toEqual([
      86_400_000, 7_200_000, 500, 1500,
    ]);
  });

  it("takes numbers as milliseconds, clamped to [0, 1 year]", () => {
    expect([
      parseMaxAge(1500),
      parseMaxAge(0),
      parseMaxAge(-5),
      parseMaxAge(Infinity),
      parseMaxAge(ONE_YEAR + 1),
    ]).toEqual([1500, 0, 0, ONE_YEAR, ONE_YEAR]);
  });

  it("takes anything else through Number(), as send does; what is no number counts as 0", () => {
    const values = [undefined, null, NaN, {}, [], true, [5000]];
    expect(values.map(parseMaxAge)).toEqual(values.map(sendMaxAge));
    expect(values.map(parseMaxAge)).toEqual([0, 0, 0, 0, 0, 1, 5000]);
    expect(parseMaxAge("")).toBe(0); // send never reads it: `maxAge || maxage` passes it by
  });
});
