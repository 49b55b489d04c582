// src/settings.js against Express 5's own compilers (express/lib/utils.js): the functions
// behind app.set("etag"), app.set("query parser") and app.set("trust proxy").
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { builtinETags, compileETag, compileQueryParser, compileTrust } from "../src/settings.js";

const require = createRequire(import.meta.url);
const expressUtils = require("express/lib/utils.js");

const bodies = [
  "",
  "hello",
  "héllo wörld ✓",
  "x".repeat(10_000),
  Buffer.from(""),
  Buffer.from([0, 1, 2, 255]),
  Buffer.from("héllo"),
];

describe("compileETag", () => {
  it.each([true, "weak", "strong"])("%j makes Express's ETags, for strings and Buffers", (setting) => {
    const ours = compileETag(setting);
    const theirs = expressUtils.compileETag(setting);
    for (const body of bodies) expect(ours(body, "utf8")).toBe(theirs(body, "utf8"));
  });

  it("uses the byte length it is given (res.send passes the one it has)", () => {
    const weak = compileETag("weak");
    expect(weak("hello", "utf8", 5)).toBe(weak("hello"));
    expect(weak("hello", "utf8", 255)).toMatch(/^W\/"ff-/);
  });

  it("marks its own generators as taking strings and as built in", () => {
    for (const setting of [true, "weak", "strong"]) {
      expect(compileETag(setting).takesStrings).toBe(true);
      expect(builtinETags.has(compileETag(setting))).toBe(true);
    }
    expect(compileETag(true)).toBe(compileETag("weak"));
    expect(compileETag("strong")).not.toBe(compileETag("weak"));
  });

  it("returns a function as it is, and nothing for false", () => {
    const custom = () => '"x"';
    expect(compileETag(custom)).toBe(custom);
    expect(builtinETags.has(custom)).toBe(false);
    expect(compileETag(false)).toBeUndefined();
    expect(expressUtils.compileETag(false)).toBeUndefined();
  });

  it.each(["bogus", 1, null, undefined, {}])("throws Express's TypeError for %j", (setting) => {
    expect(() => expressUtils.compileETag(setting)).toThrow(TypeError);
    const message = (() => {
      try {
        expressUtils.compileETag(setting);
      } catch (err) {
        return err.message;
      }
    })();
    expect(() => compileETag(setting)).toThrow(new TypeError(message));
  });
});

describe("compileQueryParser", () => {
  const queries = [
    null,
    "",
    "a=1",
    "a=1&b=2",
    "a=1&a=2&a=3",
    "a",
    "a=",
    "=1",
    "&&a=1&&",
    "a+b=c+d",
    "a%20b=c%20d",
    "a=%25",
    "a=%2525",
    "%E9=%E9",
    "a=%zz&b=%41",
    "a=%41%zz",
    "caf%C3%A9=%C3%A9t%C3%A9",
    "a[b]=1&a[c]=2",
    "a[]=1&a[]=2",
    "a.b=1",
    "__proto__=x&constructor=y&hasOwnProperty=z",
    "__proto__[polluted]=1",
    "a=1=2",
    "a=b&a=c%",
  ];

  it.each(["simple", true, "extended"])("%j parses as Express's parser does", (setting) => {
    const ours = compileQueryParser(setting);
    const theirs = expressUtils.compileQueryParser(setting);
    for (const query of queries) expect({ query, parsed: ours(query) }).toEqual({ query, parsed: theirs(query) });
    expect({}.polluted).toBeUndefined();
  });

  it("counts only the first 1000 pairs, as node:querystring does", () => {
    const ours = compileQueryParser("simple");
    const theirs = expressUtils.compileQueryParser("simple");
    for (const count of [999, 1000, 1001, 2000]) {
      const query = Array.from({ length: count }, (_, i) => `k${i}=${i}`).join("&");
      const parsed = ours(query);
      expect(Object.keys(parsed)).toHaveLength(Math.min(count, 1000));
      expect(parsed).toEqual(theirs(query));
    }
    // Repeated keys count as pairs too.
    const repeated = "a=1&".repeat(1500);
    expect(ours(repeated).a).toHaveLength(1000);
    expect(ours(repeated)).toEqual(theirs(repeated));
  });

  it("returns a function as it is, and nothing for false", () => {
    const custom = (str) => ({ str });
    expect(compileQueryParser(custom)).toBe(custom);
    expect(compileQueryParser(false)).toBeUndefined();
    expect(expressUtils.compileQueryParser(false)).toBeUndefined();
  });

  it.each(["bogus", 1, null, undefined])("throws Express's TypeError for %j", (setting) => {
    let message;
    try {
      expressUtils.compileQueryParser(setting);
    } catch (err) {
      message = err.message;
    }
    expect(message).toBeDefined();
    expect(() => compileQueryParser(setting)).toThrow(new TypeError(message));
  });
});

describe("compileTrust", () => {
  const hops = [
    ["127.0.0.1", 0],
    ["127.0.0.1", 1],
    ["10.0.0.1", 0],
    ["10.0.0.1", 2],
    ["192.168.1.5", 1],
    ["::1", 0],
    ["::ffff:127.0.0.1", 0],
    ["fe80::1", 3],
    ["8.8.8.8", 0],
    ["8.8.8.8", 5],
  ];
  const settings = [
    true,
    false,
    null,
    undefined,
    0,
    1,
    2,
    "loopback",
    "loopback, linklocal, uniquelocal",
    "10.0.0.1",
    " 10.0.0.0/8 ,127.0.0.1 ",
    "192.168.1.0/255.255.255.0",
    ["loopback", "10.0.0.1"],
    [],
  ];

  it.each(settings)("%j trusts the hops Express's setting trusts", (setting) => {
    const ours = compileTrust(setting);
    const theirs = expressUtils.compileTrust(setting);
    for (const [address, hop] of hops)
      expect({ address, hop, trusted: ours(address, hop) }).toEqual({ address, hop, trusted: theirs(address, hop) });
  });

  it("returns a function as it is", () => {
    const custom = (address) => address === "1.2.3.4";
    expect(compileTrust(custom)).toBe(custom);
  });

  it("throws proxy-addr's error for an invalid address, as Express does", () => {
    expect(() => expressUtils.compileTrust("not-an-ip")).toThrow(TypeError);
    expect(() => compileTrust("not-an-ip")).toThrow(/invalid IP address: not-an-ip/);
  });
});
