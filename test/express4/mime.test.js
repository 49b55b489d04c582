// src/express4/mime.js is mime 1.6 (send 0.19's) and mime-types 2.1 (accepts 1.3's, type-is 1.6's),
// Express 4's: checked against both packages for every extension either database knows, so a
// newer mime-db shows up here.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import mimeTypes from "mime-types";
import { charsetOf, extensionType, lookup } from "../../src/express4/mime.js";

const require = createRequire(createRequire(import.meta.url).resolve("express4"));
const mime1 = require("send").mime;
const mimeTypes2 = require("mime-types");

describe("Express 4's media types (mime 1.6)", () => {
  it("answers as mime 1.6 for every extension, as a path, a file name, '.ext' or 'ext'", () => {
    const extensions = new Set([...Object.keys(mime1.types), ...Object.keys(mimeTypes.types)]);
    const differing = [...extensions].filter(
      (ext) =>
        lookup(ext) !== mime1.lookup(ext) || lookup(`/a/file.${ext.toUpperCase()}`) !== mime1.lookup(`/a/file.${ext}`),
    );
    expect(differing).toEqual([]);
    for (const name of ["", "noext", "dir/", "a\\b.js", ".html", "constructor", "__proto__"]) {
      expect(lookup(name), name).toBe(mime1.lookup(name));
    }
  });

  it("maps extensions as mime-types 2.1 does, for every extension", () => {
    const extensions = new Set([...Object.keys(mimeTypes2.types), ...Object.keys(mimeTypes.types)]);
    const differing = [...extensions].filter(
      (ext) =>
        extensionType(ext) !== mimeTypes2.lookup(ext) || extensionType(`.${ext}`) !== mimeTypes2.lookup(`.${ext}`),
    );
    expect(differing).toEqual([]);
    for (const name of ["", "noext", "file.JS", "constructor", "__proto__"]) {
      expect(extensionType(name), name).toBe(mimeTypes2.lookup(name));
    }
  });

  it("has mime 1.6's charsets", () => {
    for (const type of ["text/plain", "application/json", "application/javascript", "application/xml", "image/png"]) {
      expect(charsetOf(type), type).toBe(mime1.charsets.lookup(type));
    }
  });
});
