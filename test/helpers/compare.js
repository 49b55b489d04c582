// Table-driven differential suites: one app built on a reference framework (Express 5 by
// default, Express 4 for its path forms) and on lib-server, then every request compared.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import express from "express";
import { differentialAgainst } from "./differential.js";


const shorten = (text) => (text.length > 80 ? `${text.slice(0, 60)}...(${text.length} chars)` : text);
const label = (req) => `${req.method ?? "GET"} ${shorten(req.path)}${req.headers ? " " + JSON.stringify(req.headers) : ""}${req.body ? " body" : ""}`;

/**
 * A describe() block comparing each request of `requests` (paths or request objects).
 * A request with `fails: "DIFF: ..."` is a known difference, kept asserting Express's answer.
 * Options: extraHeaders, useListen, reference (factory, default Express 5).
 */
export function compareSuite(title, build, requests, { reference = express, ...options } = {}) {
  describe(title, () => {
    let d;
    beforeAll(async () => {
      d = await differentialAgainst(reference, build, options);
    });
    afterAll(() => d?.close());
    for (const entry of requests) {
      const { fails, ...req } = typeof entry === "string" ? { path: entry } : entry;
      (fails ? it.fails : it)(label(req), async () => {
        const [expected, actual] = await d.both(req);
        expect(actual).toEqual(expected);
      });
    }
  });
}

/** Appends a step name to the X-Trace header, so a response shows which handlers ran. */
export function trace(res, name) {
  const prev = res.getHeader("x-trace");
  res.setHeader("x-trace", prev ? `${prev},${name}` : name);
}

/** A middleware that records `name` and continues. */
export const step = (name) => (req, res, next) => {
  trace(res, name);
  next();
};
