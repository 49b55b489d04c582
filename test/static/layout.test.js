// src/static/'s two entry points, the middleware (index.js) and res.sendFile's
// (send-file.js), share the core (serve-path.js) and small helper modules, never each
// other's internals: neither imports the other, and nothing below them imports either.
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, test } from "vitest";

const dir = new URL("../../src/static/", import.meta.url);
const importsOf = (file) =>
  [...readFileSync(new URL(file, dir), "utf8").matchAll(/from\s+["']\.\/([^"']+)["']/g)].map((match) => match[1]);

describe("src/static/ layout", () => {
  const entryPoints = ["index.js", "send-file.js"];

  test.each(readdirSync(dir).filter((file) => file.endsWith(".js")))("%s imports no entry point", (file) => {
    expect(importsOf(file).filter((target) => entryPoints.includes(target))).toEqual([]);
  });

  test("both entry points serve through serve-path.js", () => {
    for (const file of entryPoints) expect(importsOf(file)).toContain("serve-path.js");
  });
});
