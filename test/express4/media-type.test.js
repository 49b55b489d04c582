// isWellFormedMediaType against type-is 1.6 (Express 4's, on media-typer 0.3): which
// Content-Types it can parse at all.
import { createRequire } from "node:module";
import { expect, test } from "vitest";
import { isWellFormedMediaType } from "../../src/express4/media-type.js";

const typeis = createRequire(createRequire(import.meta.url).resolve("express4"))("type-is");

const HEADERS = [
  "application/json",
  "APPLICATION/JSON",
  " application/json ",
  "\tapplication/json",
  "application/json\t",
  "application/json;",
  "application/json; charset",
  "application/json; foo",
  "application/json;charset=utf-8",
  "application/json ; charset=utf-8",
  "application/json;  charset = utf-8 ",
  "application/json;charset=utf-8;",
  "application/json; charset=utf-8; ",
  "application/json;charset=utf-8 ;a=b",
  "application/json; a=b; a=c",
  'application/json; charset="utf-8',
  'application/json; charset="a\\"b"',
  "application/json; charset=ü",
  'application/json; q="ü"',
  "application/json; ch@rset=x",
  "text/plain;;",
  "application/vnd.api+json",
  "application/a++json",
  "application/a+b.c",
  "application/a+",
  "a/b",
  "a",
  "",
  undefined,
];

test.each(HEADERS.map((header) => [JSON.stringify(header), header]))("%s", (_, header) => {
  expect(isWellFormedMediaType(header)).toBe(header !== undefined && typeis.is(header, ["*/*"]) !== false);
});
