// normalizeSendOptions(options) (src/static/options.js): the options of serveStatic and
// res.sendFile, checked and turned into plain fields once, as send reads them.
import { describe, it, expect } from "vitest";
import { resolve } from "node:path";
import { normalizeSendOptions } from "../../src/static/options.js";

describe("normalizeSendOptions", () => {
  it("gives send's defaults for no options", () => {
    const defaults = {
      root: null,
      dotfiles: "ignore",
      index: ["index.html"],
      extensions: [],
      etag: "weak",
      lastModified: true,
      acceptRanges: true,
      cacheControl: "public, max-age=0",
      headers: null,
      precompressed: null,
      compress: false,
      followSymlinks: false,
      start: 0,
      end: undefined,
    };
    expect(normalizeSendOptions(undefined)).toEqual(defaults);
    expect(normalizeSendOptions(null)).toEqual(defaults);
    expect(normalizeSendOptions({})).toEqual(defaults);
  });

  it("resolves the root", () => {
    expect(normalizeSendOptions({ root: "public" }).root).toBe(resolve("public"));
    expect(normalizeSendOptions({ root: "" }).root).toBeNull();
  });

  it("takes dotfiles ignore, allow or deny, nothing else", () => {
    expect(["ignore", "allow", "deny"].map((dotfiles) => normalizeSendOptions({ dotfiles }).dotfiles)).toEqual([
      "ignore",
      "allow",
      "deny",
    ]);
    expect(() => normalizeSendOptions({ dotfiles: "maybe" })).toThrow(
      new TypeError('dotfiles option must be "allow", "deny", or "ignore"'),
    );
  });

  it("takes index and extensions as a string, a list of strings, or false", () => {
    expect(normalizeSendOptions({ index: "default.htm", extensions: "html" })).toMatchObject({
      index: ["default.htm"],
      extensions: ["html"],
    });
    expect(normalizeSendOptions({ index: ["a.html", "b.html"], extensions: ["txt", "html"] })).toMatchObject({
      index: ["a.html", "b.html"],
      extensions: ["txt", "html"],
    });
    expect(normalizeSendOptions({ index: false, extensions: false })).toMatchObject({ index: [], extensions: [] });
    expect(() => normalizeSendOptions({ index: ["a", 1] })).toThrow(
      new TypeError("index option must be array of strings or false"),
    );
    expect(() => normalizeSendOptions({ extensions: true })).toThrow(
      new TypeError("extensions option must be array of strings or false"),
    );
  });

  it('turns ETags off for any falsy value but undefined, and asks for strong ones with "strong"', () => {
    expect(
      [undefined, true, "yes", "strong", false, 0, "", null].map((etag) => normalizeSendOptions({ etag }).etag),
    ).toEqual(["weak", "weak", "weak", "strong", false, false, false, false]);
  });

  it("writes Cache-Control from maxAge (or maxage) in whole seconds, immutable, or none", () => {
    expect(normalizeSendOptions({ maxAge: 1999 }).cacheControl).toBe("public, max-age=1");
    expect(normalizeSendOptions({ maxage: "1d" }).cacheControl).toBe("public, max-age=86400");
    expect(normalizeSendOptions({ maxAge: 0, maxage: "1d" }).cacheControl).toBe("public, max-age=86400"); // send's maxAge || maxage
    expect(normalizeSendOptions({ maxAge: "2 hours", immutable: 1 }).cacheControl).toBe(
      "public, max-age=7200, immutable",
    );
    expect(normalizeSendOptions({ maxAge: "10y" }).cacheControl).toBe("public, max-age=31536000");
    expect(normalizeSendOptions({ cacheControl: false, maxAge: 1000 }).cacheControl).toBeNull();
  });

  it("turns lastModified and acceptRanges off only for false", () => {
    expect(normalizeSendOptions({ lastModified: false, acceptRanges: false })).toMatchObject({
      lastModified: false,
      acceptRanges: false,
    });
    expect(normalizeSendOptions({ lastModified: 0, acceptRanges: null })).toMatchObject({
      lastModified: true,
      acceptRanges: true,
    });
  });

  it("keeps headers as [name, value] pairs", () => {
    expect(normalizeSendOptions({ headers: { "X-A": "1", "X-B": "2" } }).headers).toEqual([
      ["X-A", "1"],
      ["X-B", "2"],
    ]);
  });

  it("takes precompressed as true (brotli first), a list in the caller's order, and no unknown encoding", () => {
    expect(normalizeSendOptions({ precompressed: true }).precompressed).toEqual([
      { name: "br", suffix: ".br" },
      { name: "gzip", suffix: ".gz" },
    ]);
    expect(normalizeSendOptions({ precompressed: ["gzip", "br"] }).precompressed.map(({ name }) => name)).toEqual([
      "gzip",
      "br",
    ]);
    expect(normalizeSendOptions({ precompressed: "gzip" }).precompressed).toEqual([{ name: "gzip", suffix: ".gz" }]);
    for (const precompressed of [["zip"], ["toString"], "deflate"]) {
      expect(() => normalizeSendOptions({ precompressed })).toThrow(
        new TypeError("precompressed encodings must be among: br, gzip"),
      );
    }
  });

  it("keeps compress, followSymlinks and the byte offsets start and end", () => {
    expect(normalizeSendOptions({ compress: 1, followSymlinks: "yes", start: 5, end: 9 })).toMatchObject({
      compress: true,
      followSymlinks: true,
      start: 5,
      end: 9,
    });
  });
});
