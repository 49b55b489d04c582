// src/express4/mime.js is mime 1.6 (send 0.19's: express.static.mime, res.type...) and
// mime-types 2.1 (accepts 1.3's, type-is 1.6's), Express 4's: checked against both packages
// for every extension either database knows, so a newer mime-db shows up here; and mime 1.x's API.
import { createRequire } from "node:module";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, test } from "vitest";
import express4 from "express4";
import mimeTypes from "mime-types";
import { Mime, charsetOf, contentTypeOf, extensionType, lookup, mime } from "../../src/express4/mime.js";

const require = createRequire(createRequire(import.meta.url).resolve("express4"));
const mime1 = require("send").mime;
const mimeTypes2 = require("mime-types");
const theirs = express4.static.mime;
const ours = mime();

describe("the same table as mime 1.6", () => {
  test("lookup() of every extension it knows, of unknown ones, of names without a dot", () => {
    const paths = [
      ...Object.keys(theirs.types).flatMap((ext) => [`file.${ext}`, `/dir/x.${ext.toUpperCase()}`]),
      "file.no-such-ext",
      "html",
      "dir/json",
      "C:\\dir\\a.css",
      "",
    ];
    expect(paths.filter((path) => ours.lookup(path) !== theirs.lookup(path))).toEqual([]);
    expect(ours.lookup("file.no-such-ext", "text/x-fallback")).toBe("text/x-fallback");
    expect(ours.default_type).toBe(theirs.default_type);
  });

  test("extension() of every type it has an extension for", () => {
    const types = Object.keys(theirs.extensions).filter((type) => theirs.extensions[type] !== undefined);
    expect(types.filter((type) => ours.extension(type) !== theirs.extension(type))).toEqual([]);
    expect(ours.extension("Text/HTML; charset=utf-8")).toBe(theirs.extension("Text/HTML; charset=utf-8"));
  });

  test("charsets.lookup()", () => {
    for (const type of ["text/html", "application/javascript", "application/json", "image/png", "application/xml"]) {
      expect(ours.charsets.lookup(type, "fallback")).toBe(theirs.charsets.lookup(type, "fallback"));
    }
  });

  test("an extension only mime-db knows is mime 1.6's default type", () => {
    expect(ours.lookup("photo.avif")).toBe(theirs.lookup("photo.avif"));
  });
});

describe("mime 1.x's API", () => {
  test("define(): the last definition of an extension wins; a type keeps its first extension", () => {
    const m = new Mime();
    m.define({ "text/a": ["a", "aa"], "text/b": ["aa", "b"] });
    expect(m.types).toEqual(Object.assign(Object.create(null), { a: "text/a", aa: "text/b", b: "text/b" }));
    expect(m.extension("text/a")).toBe("a");
    expect(m.extension("text/b")).toBe("aa");
    expect(ours.Mime).toBe(Mime);
  });

  test("load() reads an Apache .types file", () => {
    const dir = mkdtempSync(join(tmpdir(), "lib-server-mime-"));
    try {
      writeFileSync(join(dir, "x.types"), "# comment\ntext/x-one one uno\n\napplication/x-two two # trailing\n");
      const m = new Mime();
      m.load(join(dir, "x.types"));
      expect(m.types.uno).toBe("text/x-one");
      expect(m.types.two).toBe("application/x-two");
      expect(m.extension("application/x-two")).toBe("two");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("contentTypeOf(): send 0.19's Content-Type, mime 1.x's charset upper-case", () => {
    expect(contentTypeOf("/srv/a.txt")).toBe("text/plain; charset=UTF-8");
    expect(contentTypeOf("/srv/app.js")).toBe("application/javascript; charset=UTF-8");
    expect(contentTypeOf("/srv/logo.png")).toBe("image/png");
    expect(contentTypeOf("/srv/unknown.zzz")).toBe("application/octet-stream");
  });
});

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
