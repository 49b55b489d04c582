// express.query() of the Express 4 mode against Express 4's, each on a plain http.Server
// (inside an app, the app's router has set req.query before it): qs options, a parser
// function, and leaving a req.query set before it alone.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import express4 from "express4";
import express from "../../src/express4/index.js";
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
