// The package's runtime names equal the declared ones (types/), in both module systems:
// test/types/exports.ts imports each declared value by name (tsc proves it is declared),
// and this file proves that the ES module exports exactly those names and that
// require("lib-server") offers each of them, the same objects. Run in a plain node, as
// users load the package (vitest would load its own copy of the ES module).
import { describe, it, expect, beforeAll } from "vitest";
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

// The names test/types/exports.ts imports from "lib-server", read from its import line.
const fixture = readFileSync(new URL("./types/exports.ts", import.meta.url), "utf8");
const DECLARED = [
  "default",
  ...fixture
    .match(/import Server, \{([^}]*)\} from "lib-server"/)[1]
    .split(",")
    .map((name) => name.trim().split(" as ")[0])
    .filter(Boolean),
];

describe("exports", () => {
  let seen;
  beforeAll(() => {
    const source = `
      const cjs = require("lib-server");
      import("lib-server").then((esm) => {
        const names = ${JSON.stringify(DECLARED)};
        console.log(JSON.stringify({
          esmNames: Object.keys(esm).sort(),
          sameFunction: cjs === esm.default,
          differentInCjs: names.filter((name) => cjs[name] !== esm[name] || cjs[name] === undefined),
          expressStatics: ["Router", "Route", "json", "urlencoded", "text", "raw", "static", "application", "request", "response"].filter((n) => cjs[n] === undefined),
        }));
      });
    `;
    seen = JSON.parse(
      execFileSync(process.execPath, ["--input-type=commonjs", "-e", source], { cwd: root, encoding: "utf8" }),
    );
  });

  it("the ES module exports exactly the declared names", () => {
    expect(seen.esmNames).toEqual([...DECLARED].sort());
  });

  it("require() gives the same function, with every declared name on it", () => {
    expect(seen.sameFunction).toBe(true);
    expect(seen.differentInCjs).toEqual([]);
  });

  it("Express's statics are there too", () => {
    expect(seen.expressStatics).toEqual([]);
  });
});

// `express.Request` and friends: the namespace merged with the default export, in
// types/index.d.ts (types/index.d.cts exports that same Server to require()).
describe("the namespace of types on the default export", () => {
  it("holds every type @types/express's namespace declares", () => {
    const ours = readFileSync(new URL("../types/index.d.ts", import.meta.url), "utf8");
    const namespace = ours.slice(ours.indexOf("declare namespace Server {"));
    const ourNamespace = [...namespace.slice(0, namespace.indexOf("\n}\n")).matchAll(/^ {2}type (\w+)/gm)].map(
      (match) => match[1],
    );
    const expressTypes = readFileSync(new URL("../node_modules/@types/express/index.d.ts", import.meta.url), "utf8");
    const expressNamespace = [...expressTypes.matchAll(/^ {4}(?:interface|type) (\w+)/gm)].map((match) => match[1]);
    expect(ourNamespace.length).toBeGreaterThan(40);
    expect(expressNamespace.length).toBeGreaterThan(15);
    expect(expressNamespace.filter((name) => !ourNamespace.includes(name))).toEqual([]);
  });
});
