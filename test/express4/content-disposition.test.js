// src/express4/content-disposition.js is content-disposition 0.5's attachment header (Express 4's),
// checked against that package itself.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { attachment } from "../../src/express4/content-disposition.js";

const contentDisposition = createRequire(createRequire(import.meta.url).resolve("express4"))("content-disposition");

describe("Express 4's Content-Disposition (content-disposition 0.5)", () => {
  it("is content-disposition 0.5's for names of every kind", () => {
    const names = [
      undefined,
      "",
      "image.png",
      "/path/to/app.js",
      "résumé.pdf",
      "файл.txt",
      "€ rates.txt",
      'quo"te\\d.txt',
      "100%.txt",
      "a%20b.txt",
      "tab\there.txt",
      "dir/",
    ];
    for (const name of names) expect(attachment(name), name).toBe(contentDisposition(name));
  });

  it("throws as it does for a name that is not a string", () => {
    expect(() => attachment(42)).toThrow(new TypeError("filename must be a string"));
    expect(() => contentDisposition(42)).toThrow(new TypeError("filename must be a string"));
  });
});
