// src/errors.js: createHttpError, the one way errors with a status are made, against
// http-errors; htmlPage, the one HTML page error answers use, against the documents
// finalhandler and send write (both Express 5's own dependencies).
import { createRequire } from "node:module";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpError, htmlPage } from "../src/errors.js";
import { sendFile } from "../src/static/send-file.js";
import { start } from "./helpers/server.js";
import { errorShape } from "./static/helpers.js";

// The versions Express 5 itself loads.
const fromExpress = createRequire(createRequire(import.meta.url).resolve("express"));
const createError = fromExpress("http-errors");
const send = fromExpress("send");
const escapeHtml = fromExpress("escape-html");

// errorShape (name, class, message, status, statusCode, expose, headers, own keys) and how it prints and serializes.
const shape = (err) => ({
  ...errorShape(err),
  string: String(err),
  stack: err.stack.split("\n")[0],
  ownStatus: Object.hasOwn(err, "status"),
  json: JSON.parse(JSON.stringify(err)),
});

// http-errors warns (depd) about a status outside 4xx/5xx; depd hands the warning to a
// 'deprecation' listener instead of printing it, so one takes it while comparing.
function quietly(make) {
  const ignore = () => {};
  process.on("deprecation", ignore);
  try {
    return make();
  } finally {
    process.off("deprecation", ignore);
  }
}

describe("createHttpError matches http-errors' createError(status, message, props)", () => {
  it.each([
    [400],
    [403],
    [404],
    [404, "Nope"],
    [413, undefined, { type: "entity.too.large", limit: 10 }],
    [416, undefined, { headers: { "Content-Range": "bytes */5" } }],
    [418],
    [499],
    [500],
    [503, "Down", { expose: true }],
    [599],
    [600],
    [302],
  ])("createHttpError(%j, %j, %j)", (status, message, props) => {
    const given = [status, message, props].filter((arg) => arg !== undefined); // http-errors refuses undefined
    expect(shape(createHttpError(status, message, props))).toEqual(shape(quietly(() => createError(...given))));
  });
});

describe("htmlPage is finalhandler's and send's document, byte for byte", () => {
  // finalhandler's, copied from its source (it exports only the handler).
  const finalhandlerDocument = (message) =>
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>' +
    escapeHtml(message).replaceAll("\n", "<br>").replaceAll("  ", " &nbsp;") +
    "</pre>\n</body>\n</html>\n";

  it("as finalhandler writes it", () => {
    const message = "Error: <b>boom</b>\n    at  somewhere";
    expect(htmlPage("Error", escapeHtml(message).replaceAll("\n", "<br>").replaceAll("  ", " &nbsp;"))).toBe(
      finalhandlerDocument(message),
    );
  });

  // send's page, written by send itself (no 'error' listener) and by our sendFile without a
  // callback: same status, headers and bytes. (send decodes its path, sendFile takes a file
  // path: the paths here have nothing to decode.)
  describe("as send writes it", () => {
    let root, theirs, ours;
    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), "lib-server-errors-"));
      writeFileSync(join(root, "a.txt"), "alpha");
      theirs = await start((req, res) => send(req, req.url, { root }).pipe(res));
      ours = await start((req, res) => sendFile(req, res, req.url, { root }));
    });
    afterAll(async () => {
      await Promise.all([theirs.close(), ours.close()]);
      rmSync(root, { recursive: true, force: true });
    });

    const NAMES = [
      "content-type",
      "content-length",
      "content-security-policy",
      "x-content-type-options",
      "content-range",
    ];
    const view = (res) => ({
      status: res.status,
      headers: Object.fromEntries(NAMES.map((name) => [name, res.headers[name]])),
      text: res.text,
    });

    it.each([
      ["/missing.txt", {}],
      ["/../x", {}],
      ["/a.txt", { range: "bytes=99-" }],
      ["/a.txt", { "if-match": '"other"' }],
    ])("%s %j", async (path, headers) => {
      const [expected, actual] = await Promise.all([
        theirs.request(path, { headers }),
        ours.request(path, { headers }),
      ]);
      expect(expected.status).toBeGreaterThanOrEqual(400);
      expect(view(actual)).toEqual(view(expected));
    });
  });
});
