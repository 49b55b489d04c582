// The Express 4 mode's body parsers against Express 4's own (body-parser 1.x): every request
// of test/body/differential-cases.js through each side's parsers (both mounted on express@4
// apps), Express 4 behaviour the default mode does not have (req.body = {}, req._body,
// extended forms, gzip/deflate only) on whole apps of both, option errors, and the
// deprecation warning printed by a child process.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import express4 from "express4";
import express from "../../src/express4/index.js";
import { cases, reportBodyError as reportError } from "../body/differential-cases.js";
import { start, request } from "../helpers/server.js";
import { compareSuite } from "../helpers/compare.js";

function echo(req, res) {
  res.json({ body: req.body, type: typeof req.body, marked: req._body ?? null });
}

describe("differential-cases.js on body-parser 1.x and on the Express 4 mode's parsers", () => {
  let reference;
  let candidate;
  const build = (parsers) => {
    const app = express4();
    cases.forEach((testCase, index) => app.all(`/case/${index}`, parsers[testCase.parser](testCase.options), echo));
    app.use(reportError);
    return start(app);
  };
  beforeAll(async () => {
    [reference, candidate] = await Promise.all([build(express4), build(express)]);
  });
  afterAll(() => Promise.all([reference?.close(), candidate?.close()]));

  describe.each(cases.map((testCase, index) => [testCase.name, testCase, index]))("%s", (_, testCase, index) => {
    test.each(testCase.requests.map((req) => [req.name, req]))("%s", async (__, req) => {
      const message = { method: "POST", ...req, path: `/case/${index}` };
      const [expected, actual] = await Promise.all([request(reference, message), request(candidate, message)]);
      expect(actual.status).toBe(expected.status);
      expect(JSON.parse(actual.text)).toEqual(JSON.parse(expected.text));
    });
  });
});

const JSON_TYPE = { "content-type": "application/json" };
const FORM_TYPE = { "content-type": "application/x-www-form-urlencoded" };
const post = (headers, body, path = "/") => ({ method: "POST", path, headers, body });

compareSuite(
  "Express 4's parsers on whole apps",
  (app, factory) => {
    app.use("/json", factory.json(), echo);
    app.use("/all", factory.json(), factory.urlencoded(), factory.text(), factory.raw(), echo);
    app.use("/form", factory.urlencoded(), echo);
    app.use("/flat", factory.urlencoded({ extended: false }), (req, res) => {
      res.json({ body: req.body, proto: Object.getPrototypeOf(req.body) === null ? "null" : "object" });
    });
    app.use("/deep", factory.urlencoded({ extended: true, depth: 1 }), echo);
    app.use("/few", factory.urlencoded({ extended: true, parameterLimit: 2 }), echo);
    app.use("/twice", factory.json(), (req, res, next) => {
      req.body = { replaced: true };
      next();
    });
    app.use("/twice", factory.json(), echo);
    app.use("/early", (req, res, next) => {
      req.body = "kept";
      next();
    });
    app.use("/early", factory.json(), echo);
    app.use("/text", factory.text({ defaultCharset: "iso-8859-1" }), echo);
    app.use("/small", factory.text({ limit: 10 }), echo);
    app.use("/verified", factory.text({ verify() {} }), echo);
    app.use("/strict", factory.json({ inflate: false }), echo);
    app.use(reportError);
  },
  [
    // no body, or another type: req.body = {} (what oauth2orize relies on), req._body unset
    "/json",
    "/all",
    post({ "content-type": "text/html" }, "<p>", "/json"),
    post({}, "no type", "/json"),
    post(JSON_TYPE, '{"a":1}', "/json"),
    post(JSON_TYPE, "", "/json"),
    post({ "content-type": "application/json; charset=utf-16" }, '{"a":1}', "/json"),
    post({ "content-type": "application/json; charset=latin1" }, '{"a":1}', "/json"),
    post({ "content-type": "application/json; charset=utf-foo" }, '{"a":1}', "/json"),
    // the first parser that reads marks req._body: the others skip the request
    post(JSON_TYPE, '{"a":1}', "/all"),
    post(FORM_TYPE, "a=1", "/all"),
    post({ "content-type": "text/plain" }, "hi", "/all"),
    post({ "content-type": "application/octet-stream" }, "bytes", "/all"),
    post(JSON_TYPE, '{"a":1}', "/twice"),
    post(JSON_TYPE, '{"a":1}', "/early"),
    "/early",
    // urlencoded(): extended (qs) unless told otherwise; Node's querystring when not
    post(FORM_TYPE, "user[name][first]=Tobi&list[]=1&list[]=2", "/form"),
    post(FORM_TYPE, "user[name]=Tobi&a=1&a=2&b=%E2%82%AC&c=%ZZ&d+e=f+g", "/flat"),
    post(FORM_TYPE, "", "/flat"),
    post(FORM_TYPE, "a[b][c]=1", "/deep"),
    post(FORM_TYPE, "a=1&b=2&c=3", "/few"),
    post(FORM_TYPE, "a=1&b=2&c=3", "/flat"),
    post({ "content-type": "application/x-www-form-urlencoded; charset=iso-8859-1" }, "a=%E9", "/form"),
    post({ "content-type": "application/x-www-form-urlencoded; charset=utf-16" }, "a=1", "/form"),
    post({ "content-type": "text/plain" }, Buffer.from([0x63, 0x61, 0x66, 0xe9]), "/text"),
    // Content-Encoding: gzip and deflate; br is not one body-parser 1.x knows
    post({ ...JSON_TYPE, "content-encoding": "gzip" }, zlib.gzipSync('{"z":"gzip"}'), "/json"),
    post({ ...JSON_TYPE, "content-encoding": "deflate" }, zlib.deflateSync('{"z":"deflate"}'), "/json"),
    post({ ...JSON_TYPE, "content-encoding": "br" }, zlib.brotliCompressSync('{"z":"br"}'), "/json"),
    post({ ...JSON_TYPE, "content-encoding": "gzip" }, "not gzip", "/json"),
    post({ ...JSON_TYPE, "content-encoding": "gzip" }, zlib.gzipSync("{}"), "/strict"),
    // a Content-Type type-is 1.6 cannot parse is no type: not parsed
    post({ "content-type": "application/json; charset" }, '{"a":1}', "/json"),
    post({ "content-type": "application/json;" }, '{"a":1}', "/json"),
    post({ "content-type": "\tapplication/json" }, '{"a":1}', "/json"),
    post({ "content-type": "application/json ; charset=utf-8" }, '{"a":1}', "/json"),
    // a charset iconv does not know: found when decoding starts (after the size check)
    post({ "content-type": "text/plain; charset=foo" }, "x".repeat(50), "/small"),
    post({ "content-type": "text/plain; charset=foo" }, "xx", "/small"),
    post({ "content-type": "text/plain; charset=foo" }, "xx", "/verified"),
    // ...after the Content-Encoding checks (before them with verify); a body over the limit
    // without a declared length is read off, and the answer is the charset's
    post({ "content-type": "text/plain; charset=foo", "content-encoding": "compress" }, "xx", "/small"),
    post({ "content-type": "text/plain; charset=foo", "content-encoding": "compress" }, "xx", "/verified"),
    post({ "content-type": "text/plain; charset=foo" }, ["x".repeat(30), "x".repeat(30)], "/small"),
  ],
  { reference: express4, subject: express },
);

// Each is Express 4's: a TypeError with its message, or no error (the default mode's
// urlencoded refuses a defaultCharset that body-parser 1.x ignores).
const OPTIONS = [
  ["json", { limit: "lots" }],
  ["json", { limit: {} }],
  ["json", { limit: null }],
  ["raw", { verify: "yes" }],
  ["text", { defaultCharset: "utf-16" }],
  ["urlencoded", { extended: true, defaultCharset: "utf-16" }],
  ["urlencoded", { extended: false, parameterLimit: 0 }],
  ["urlencoded", { extended: true, parameterLimit: "many" }],
  ["urlencoded", { extended: true, depth: -1 }],
  ["urlencoded", { extended: false, depth: -1 }],
];

test.each(OPTIONS)("%s(%o) throws what body-parser 1.x throws", (parser, options) => {
  const outcome = (factory) => {
    try {
      return typeof factory[parser](options);
    } catch (error) {
      return `${error.constructor.name}: ${error.message}`;
    }
  };
  expect(outcome(express)).toBe(outcome(express4));
});

test("the parsers keep body-parser's function names", () => {
  for (const name of ["json", "raw", "text"]) expect(express[name]().name).toBe(express4[name]().name);
  expect(express.urlencoded({ extended: true }).name).toBe("urlencodedParser");
});

describe("urlencoded() without `extended` warns as body-parser 1.x does", () => {
  let dir;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "lib-server-e4-body-"));
    // Two call sites (two warnings), one called twice (warned once), one with the option (none).
    const snippet = `const express = require(process.argv[2]);
express.urlencoded();
for (let i = 0; i < 2; i++) express.urlencoded({ limit: "1kb" });
express.urlencoded({ extended: false });
`;
    writeFileSync(join(dir, "snippet.cjs"), snippet);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // depd's lines, without the date a non-TTY stderr starts each with
  const warnings = (factoryPath) => {
    const env = { ...process.env, NO_DEPRECATION: "" };
    const { stderr } = spawnSync(process.execPath, [join(dir, "snippet.cjs"), factoryPath], { env, encoding: "utf8" });
    return stderr
      .split("\n")
      .filter(Boolean)
      .map((line) => line.replace(/^.*? GMT /, ""));
  };

  test("same lines, same call sites", () => {
    const expected = warnings(createRequire(import.meta.url).resolve("express4"));
    expect(expected).toHaveLength(2);
    expect(expected[0]).toMatch(
      /^body-parser deprecated undefined extended: provide extended option at .*snippet\.cjs:2:9$/,
    );
    expect(warnings(fileURLToPath(new URL("../../src/express4/index.cjs", import.meta.url)))).toEqual(expected);
  });
});
