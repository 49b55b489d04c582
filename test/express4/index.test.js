// The Express 4 mode's exports against Express 4's (require("express4"), express@4.22):
// the same names, the same kinds of values, and Express 4's error for each Connect
// middleware it no longer bundles.
import { describe, expect, test } from "vitest";
import express4 from "express4";
import express from "../../src/express4/index.js";

// The Connect middleware Express 4 no longer bundles: its getters that throw (read off express@4).
const REMOVED = Object.entries(Object.getOwnPropertyDescriptors(express4))
  .filter(([, descriptor]) => descriptor.get !== undefined && !descriptor.enumerable)
  .map(([name]) => name);

describe("express's exports", () => {
  test("the same enumerable names, each a value of the same kind", () => {
    expect(Object.keys(express).sort()).toEqual(Object.keys(express4).sort());
    for (const name of Object.keys(express4))
      expect([name, typeof express[name]]).toEqual([name, typeof express4[name]]);
  });

  test("the same own names (the removed middleware's getters included)", () => {
    const own = (target) =>
      Object.getOwnPropertyNames(target).filter((name) => name !== "arguments" && name !== "caller");
    expect(own(express).sort()).toEqual(own(express4).sort());
  });

  test("Express 4 has 17 of them", () => expect(REMOVED).toHaveLength(17));

  test.each(REMOVED)("express.%s throws Express 4's error", (name) => {
    const thrown = (target) => {
      try {
        void target[name];
      } catch (error) {
        return `${error.constructor.name}: ${error.message}`;
      }
      return "no error";
    };
    expect(thrown(express)).toBe(thrown(express4));
    expect(Object.keys(express)).not.toContain(name);
  });

  test("the bundled middleware are the same functions on every read, and can be replaced", () => {
    for (const name of ["json", "raw", "text", "urlencoded", "static", "query"]) {
      expect(express[name]).toBe(express[name]);
    }
    const replaced = Object.create(express); // a copy to change, not the shared factory
    Object.defineProperties(replaced, Object.getOwnPropertyDescriptors(express));
    const mine = () => {};
    replaced.json = mine;
    expect(replaced.json).toBe(mine);
    expect(Object.keys(replaced)).toContain("json");
  });

  test("the prototypes and constructors", () => {
    expect(express.application).toBe(express.prototype);
    expect(Object.getPrototypeOf(express().request)).toBe(express.request);
    expect(typeof express.Router).toBe("function");
    expect(typeof express.Route).toBe("function");
  });

  test('the named exports an ES module import finds on Express 4 (import { Router, json } from "express")', async () => {
    const named = (namespace) => Object.keys(namespace).filter((key) => key !== "default" && key !== "module.exports");
    const theirs = await import("express4");
    const ours = await import("../../src/express4/index.js");
    expect(named(ours).sort()).toEqual(named(theirs).sort());
    expect(ours.Router).toBe(express.Router);
    expect(ours.application).toBe(express.application);
    expect(typeof ours.json()).toBe("function");
    expect(typeof ours.static(".")).toBe("function");
  });
});
