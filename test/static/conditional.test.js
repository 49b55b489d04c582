// Preconditions (src/static/conditional.js): If-Match and If-Unmodified-Since -> 412, and
// If-Range, against the validators the response carries. (If-None-Match and
// If-Modified-Since are the `fresh` package's: serve-path.test.js.)
import { describe, it, expect } from "vitest";
import { preconditionFailed, rangeIsCurrent } from "../../src/static/conditional.js";

const STRONG = '"14-5f3a"';
const WEAK = 'W/"14-5f3a"';
const MODIFIED = "Wed, 01 Jan 2025 00:00:00 GMT";
const EARLIER = "Tue, 31 Dec 2024 23:59:59 GMT";
const LATER = "Wed, 01 Jan 2025 00:00:01 GMT";

describe("preconditionFailed", () => {
  const failed = (headers, etag = STRONG) => preconditionFailed(headers, etag, MODIFIED);

  it("holds without preconditions", () => {
    expect(failed({})).toBe(false);
  });

  it("If-Match: a strong ETag compares strongly, in a list too; * matches anything", () => {
    expect([
      failed({ "if-match": STRONG }),
      failed({ "if-match": ` "a" , ${STRONG}` }),
      failed({ "if-match": " * " }),
    ]).toEqual([false, false, false]);
    expect([failed({ "if-match": WEAK }), failed({ "if-match": '"a", "b"' })]).toEqual([true, true]);
  });

  it("If-Match: a weak ETag (the default) compares weakly, as send, or resuming could never match", () => {
    expect([
      failed({ "if-match": WEAK }, WEAK),
      failed({ "if-match": STRONG }, WEAK),
      failed({ "if-match": '"other"' }, WEAK),
    ]).toEqual([false, false, true]);
  });

  it("If-Match without an ETag on the response fails, but * holds", () => {
    expect([
      preconditionFailed({ "if-match": STRONG }, undefined, MODIFIED),
      preconditionFailed({ "if-match": "*" }, undefined, MODIFIED),
    ]).toEqual([true, false]);
  });

  it("If-Unmodified-Since fails when modified after it, or when the modification date is unknown", () => {
    expect([failed({ "if-unmodified-since": MODIFIED }), failed({ "if-unmodified-since": LATER })]).toEqual([
      false,
      false,
    ]);
    expect(failed({ "if-unmodified-since": EARLIER })).toBe(true);
    expect(preconditionFailed({ "if-unmodified-since": MODIFIED }, STRONG, undefined)).toBe(true);
    expect(failed({ "if-unmodified-since": "garbage" })).toBe(false); // an invalid date is ignored
  });

  it("If-Match, when present, decides alone; an empty one counts as none (as send)", () => {
    expect(failed({ "if-match": STRONG, "if-unmodified-since": EARLIER })).toBe(false);
    expect(failed({ "if-match": "", "if-unmodified-since": EARLIER })).toBe(true);
  });
});

describe("rangeIsCurrent", () => {
  const current = (ifRange, etag = STRONG) =>
    rangeIsCurrent(ifRange === undefined ? {} : { "if-range": ifRange }, etag, MODIFIED);

  it("holds without If-Range", () => {
    expect(current(undefined)).toBe(true);
  });

  it("holds with an empty If-Range, as send", () => {
    expect(current("")).toBe(true);
  });

  it("an ETag must appear in it, a weak one included (as send)", () => {
    expect([current(STRONG), current(` ${STRONG} `), current(WEAK, WEAK), current(`"other", ${STRONG}`)]).toEqual([
      true,
      true,
      true,
      true,
    ]);
    // send looks for the response's tag in the text: a weak form of a strong tag contains it
    expect(current(WEAK)).toBe(true);
    expect([
      current('"stale"'),
      current(STRONG, WEAK),
      rangeIsCurrent({ "if-range": STRONG }, undefined, MODIFIED),
    ]).toEqual([false, false, false]);
  });

  it("a date must not be earlier than the Last-Modified date (send's reading)", () => {
    expect([current(MODIFIED), current(LATER)]).toEqual([true, true]);
    expect([current(EARLIER), current("garbage"), rangeIsCurrent({ "if-range": MODIFIED }, STRONG, undefined)]).toEqual(
      [false, false, false],
    );
  });
});
