// src/express4/query.js: Express 4's "query parser" values (its "extended" lets arrays reach
// 1000 items, Express 5's 20), and express.query() of the Express 4 mode against Express 4's, each on a plain http.Server
// (inside an app, the app's router has set req.query before it): qs options, a parser
// function, and leaving a req.query set before it alone.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it, test } from "vitest";
import express4 from "express4";
import express from "../../src/express4/index.js";
import { compileQueryParser } from "../../src/express4/query.js";
import { compileQueryParser as compileExpress5 } from "../../src/settings.js";
import { request, start } from "../helpers/server.js";

const SETUPS = {
  "/plain": undefined,
  "/opts": { depth: 0, parameterLimit: 2 },
  "/no-proto": { allowPrototypes: false },
  "/fn": (text, opts) => ({ text, opts: opts ?? null }),
};

function server(factory) {
  const middleware = Object.fromEntries(
    Object.entries(SETUPS).map(([path, options]) => [path, factory.query(options)]),
  );
  return http.createServer((req, res) => {
    const path = req.url.replace(/\?.*$/, "");
    if (path === "/preset") req.query = { preset: true };
    middleware[path === "/preset" ? "/plain" : path](req, res, () => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ query: req.query, proto: Object.getPrototypeOf(req.query) === null }));
    });
  });
}

describe("express.query", () => {
  let pair;
  beforeAll(async () => {
    pair = await Promise.all([start(server(express4)), start(server(express))]);
  });
  afterAll(() => Promise.all(pair.map((side) => side.close())));

  const urls = [
    "/plain",
    "/plain?",
    "/plain?a=1&a=2&b[c]=3&d[]=x",
    "/plain?toString=1&hasOwnProperty=2",
    "/plain?a=%ZZ#frag",
    "/opts?a[b]=1&c=2&d=3",
    "/no-proto?toString=1&x=2",
    "/fn",
    "/fn?a=1&b",
    "/preset?a=1",
  ];
  test.each(urls)("GET %s", async (path) => {
    const [expected, actual] = await Promise.all(pair.map((side) => request(side, path)));
    expect(actual.status).toBe(200);
    expect(JSON.parse(actual.text)).toEqual(JSON.parse(expected.text));
  });

  test("its name and arity are Express 4's", () => {
    expect([express.query.name, express.query.length]).toEqual([express4.query.name, express4.query.length]);
    expect(express.query().name).toBe("query");
  });
});

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
