// acceptsEncoding(header, name) (src/static/accept-encoding.js), which picks precompressed
// siblings and on-the-fly copies: a header means what it means to negotiator.
import { describe, it, expect } from "vitest";
import accepts from "accepts";
import { acceptsEncoding } from "../../src/static/accept-encoding.js";

describe("Accept-Encoding", () => {
  // What `accepts` (negotiator, as used by Express and compression) decides is the reference.
  const HEADERS = [
    "gzip;q=abc",
    "gzip;q=-1",
    "gzip;q=-0",
    "gzip;q=NaN",
    "*;q=abc",
    "gzip;q=0.5abc",
    "gzip;q=",
    "gzip;q",
    "gzip;Q=0",
    'gzip;q="0"',
    'gzip;q="0.3"',
    "gzip;q=1e-3",
    "gzip;q=.5",
    "gzip;q=0, *",
    "*;q=0, gzip",
    "GZIP",
    "gzip ; q=0",
    "gzip;level=1;q=0",
    'gzip;x="a;q=0"',
    'gzip; a="x,q=0"; q=0',
    "gzip;q=0;q=1",
    "gzip;q=0,gzip;q=1",
    "gzip;q=1, gzip;q=abc",
    "gzip;q=abc, gzip;q=1",
    "gzip q=0",
    "x-gzip",
    "identity",
    "",
    "br;q=0, *",
    "deflate, gzip;q=1.0, *;q=0.5",
    "br, gzip",
    "  gzip  ",
    "gzip\t;\tq=0",
  ];

  it.each(HEADERS)("%j means what it means to negotiator", (header) => {
    for (const name of ["gzip", "br"]) {
      const reference = accepts({ headers: { "accept-encoding": header } }).encodings([name]) === name;
      expect(acceptsEncoding(header, name), name).toBe(reference);
    }
  });

  it("accepts nothing without the header (the file is sent as is)", () => {
    expect([acceptsEncoding(undefined, "gzip"), acceptsEncoding(undefined, "br")]).toEqual([false, false]);
  });
});
