// src/express4/query.js: Express 4's "query parser" values (its "extended" lets arrays reach
// 1000 items, Express 5's 20), for the Express 4 app's set("query parser").
import { describe, expect, it } from "vitest";
import { compileQueryParser } from "../../src/express4/query.js";
import { compileQueryParser as compileExpress5 } from "../../src/settings.js";

const ids = (count) => Array.from({ length: count }, (_, i) => `ids=${i}`).join("&");

describe("Express 4's query parser settings", () => {
  it('"extended" is qs with prototypes allowed and arrays up to 1000 items', () => {
    const parse = compileQueryParser("extended");
    expect(parse(ids(25)).ids).toHaveLength(25);
    expect(Array.isArray(parse(`a[999]=x`).a)).toBe(true);
    expect(parse("hasOwnProperty=1&a[b]=c")).toEqual({ hasOwnProperty: "1", a: { b: "c" } });
    expect(Array.isArray(compileExpress5("extended")(ids(25)).ids)).toBe(false);
  });

  it("other values are Express 5's", () => {
    const fn = () => ({});
    expect(compileQueryParser(fn)).toBe(fn);
    expect(compileQueryParser(false)).toBe(undefined);
    expect(compileQueryParser("simple")("a=1&a=2")).toEqual({ a: ["1", "2"] });
    expect(() => compileQueryParser("bogus")).toThrow(/unknown value for query parser function/);
  });
});
