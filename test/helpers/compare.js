// Comparing lib-server with Express: the same app built on both (test/helpers/server.js
// startPair), every answer reduced to what clients rely on, and table-driven suites.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import express from "express";
import { startPair, view } from "./server.js";
import { expectConsoleErrors } from "./logs.js";

// Headers whose differences matter to clients (X-Powered-By and Date legitimately differ).
export const COMPARED_HEADERS = [
  "content-type",
  "content-length",
  "etag",
  "last-modified",
  "location",
  "allow",
  "vary",
  "cache-control",
  "set-cookie",
  "content-disposition",
  "content-security-policy",
  "x-content-type-options",
  "link",
  "content-range",
  "accept-ranges",
];

/** What a response looks like for comparison: status, COMPARED_HEADERS and `extraHeaders`, body text. */
export function comparable(response, extraHeaders = []) {
  return view(response, [...COMPARED_HEADERS, ...extraHeaders]);
}

/**
 * Builds the same app on a reference framework (`express`, `express4`, ...) and on
 * lib-server (`subject`: Server, or the Express 4 mode's factory) with `build(app, factory)`, both with env "production" (error pages carry no
 * stack), started through http.createServer or, with `useListen`, app.listen(). Returns
 * { reference, lib, both(req) -> [referenceView, libView] (comparable()), close }.
 */
export async function differentialAgainst(
  reference,
  build,
  { extraHeaders = [], useListen = false, subject = undefined } = {},
) {
  const pair = await startPair(build, { reference, subject, via: useListen ? "listen" : "createServer" });
  return {
    ...pair,
    async both(req) {
      const responses = await pair.both(req);
      return responses.map((response) => comparable(response, extraHeaders));
    },
  };
}

/** differentialAgainst(express, ...); the Express side is also `express`. */
export function differential(build, options) {
  return differentialAgainst(express, build, options);
}

const shorten = (text) => (text.length > 80 ? `${text.slice(0, 60)}...(${text.length} chars)` : text);
const label = (req) =>
  `${req.method ?? "GET"} ${shorten(req.path)}${req.headers ? " " + JSON.stringify(req.headers) : ""}${req.body ? " body" : ""}`;

/**
 * A describe() block comparing each request of `requests` (paths or request objects).
 * A request with `fails: "DIFF: ..."` is a known difference, kept asserting Express's answer.
 * Options: extraHeaders, useListen, reference (factory, default Express 5), expectedErrors
 * (a RegExp: errors the requests provoke on purpose, logged by the apps, kept off the output).
 */
export function compareSuite(title, build, requests, { reference = express, expectedErrors, ...options } = {}) {
  describe(title, () => {
    if (expectedErrors) expectConsoleErrors(expectedErrors);
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

/** compareSuite/differential options that compare the X-Trace header `trace` and `step` write. */
export const X_TRACE = { extraHeaders: ["x-trace"] };

/** An Error with extra fields (status, statusCode...), for handlers that fail on purpose. */
export const fail = (message, props) => Object.assign(new Error(message), props);

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
