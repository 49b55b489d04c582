// The header table (src/headers.js): src/node-internals/header-storage.js stores and reads
// each header under `lower` and sends it as `name`, so a `lower` that is not the name's lower
// case would give a header that getHeader and setHeader never find.
import { describe, it, expect } from "vitest";
import http from "node:http";
import * as headers from "../src/headers.js";

const table = Object.values(headers);

describe("src/headers.js", () => {
  it("declares each header as a frozen { name, lower }, lower being the name in lower case", () => {
    expect(table.length).toBeGreaterThan(0);
    for (const header of table) {
      expect(Object.keys(header)).toEqual(["name", "lower"]);
      expect(Object.isFrozen(header)).toBe(true);
      expect(header.lower).toBe(header.name.toLowerCase());
    }
  });

  it("gives each header one export, under its name in upper snake case", () => {
    expect(new Set(table.map((header) => header.lower)).size).toBe(table.length);
    for (const [exported, header] of Object.entries(headers))
      expect(exported).toBe(header.name.toUpperCase().replaceAll("-", "_"));
  });

  it("names only headers Node's setHeader accepts", () => {
    for (const header of table) expect(() => http.validateHeaderName(header.name)).not.toThrow();
  });
});
