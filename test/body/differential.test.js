import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as ours from "../../src/body/index.js";
import { cases, invalidOptions, reportBodyError } from "./differential-cases.js";
import { start, request } from "../helpers/server.js";

// Every request of differential-cases.js goes to two Express 5 apps, one using
// express.json()/urlencoded()/text()/raw() and one using lib-server's
// parsers; status and echoed body/error must be identical.

function buildApp(parsers) {
  const app = express();
  cases.forEach((testCase, index) => {
    app.all(`/case/${index}`, parsers[testCase.parser](testCase.options), (req, res) => {
      res.json({
        body: req.body,
        type: typeof req.body,
        plainObject: isPlainObject(req.body),
        verified: req.verified,
      });
    });
  });
  app.use(reportBodyError);
  return app;
}

function isPlainObject(value) {
  return value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype;
}

let reference;
let candidate;

beforeAll(async () => {
  reference = await start(buildApp(express));
  candidate = await start(buildApp(ours));
});

afterAll(async () => {
  await reference?.close();
  await candidate?.close();
});

describe.each(cases.map((testCase, index) => [testCase.name, testCase, index]))("%s", (_, testCase, index) => {
  test.each(testCase.requests.map((req) => [req.name, req]))("%s", async (__, req) => {
    const message = { method: "POST", ...req, path: `/case/${index}` };
    const [expected, actual] = await Promise.all([request(reference, message), request(candidate, message)]);
    expect(expected.status).toBe(req.expect);
    expect(actual.status).toBe(expected.status);
    expect(JSON.parse(actual.text)).toEqual(JSON.parse(expected.text));
  });
});

test("no request polluted Object.prototype", () => {
  expect(Object.prototype.polluted).toBeUndefined();
  expect({}.polluted).toBeUndefined();
});

test.each(invalidOptions)("%s(%o) throws the same TypeError", (parser, options) => {
  const expected = captureError(() => express[parser](options));
  const actual = captureError(() => ours[parser](options));
  expect(expected).toBeInstanceOf(TypeError);
  expect(actual).toBeInstanceOf(TypeError);
  expect(actual.message).toBe(expected.message);
});

function captureError(fn) {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return null;
}
