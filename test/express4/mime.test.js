// express.static.mime of the Express 4 mode against Express 4's (send's mime 1.6): the same
// answers for every extension and type mime 1.6 knows, and its API.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import express4 from "express4";
import { Mime, contentTypeOf, mime } from "../../src/express4/mime.js";

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

  // Deliberate: mime-db's newer extensions get their type (mime 1.6: application/octet-stream).
  test("an extension mime 1.6 did not know gets mime-db's type", () => {
    expect(theirs.lookup("photo.avif")).toBe("application/octet-stream");
    expect(ours.lookup("photo.avif")).toBe("image/avif");
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
