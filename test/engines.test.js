// `npm install` on the Node versions the README promises prints no EBADENGINE warning: every
// package in package-lock.json accepts them. The runtime dependencies accept every Node from
// package.json's engines floor on; the dev tools (ESLint 10, Vitest 4 and theirs) accept
// 20.19+, 22.13+ and 24+, the floor the README gives for working on lib-server, but for the
// monitoring SDKs that need 22+ (dd-trace, newrelic and its native add-ons), which only
// `npm run test:monitoring` loads, on Node 24: on Node 20, npm warns about those alone.
import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const semver = require("semver");
const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const lock = JSON.parse(readFileSync(new URL("../package-lock.json", import.meta.url), "utf8"));
const locked = Object.entries(lock.packages).filter(([path, entry]) => path !== "" && entry.engines?.node);
const devFloors = ["20.19.0", "22.13.0", "24.0.0"];
const NODE_22_SDKS = /^node_modules\/(dd-trace|newrelic|@newrelic\/[^/]+)$/;

it("package.json's engines are the lines that require() ES modules and have process.getBuiltinModule", () => {
  const supported = ["20.19.0", "20.20.2", "22.12.0", "24.0.0", "26.0.0"];
  const unsupported = ["20.18.0", "21.7.3", "22.11.0"];
  expect(supported.filter((v) => !semver.satisfies(v, pkg.engines.node))).toEqual([]);
  expect(unsupported.filter((v) => semver.satisfies(v, pkg.engines.node))).toEqual([]);
});

describe("engines of the locked packages", () => {
  it("runtime dependencies accept every Node from package.json's engines on", () => {
    const refusing = locked.filter(([, e]) => !e.dev && !semver.subset(pkg.engines.node, e.engines.node));
    expect(refusing.map(([path, e]) => `${path}: ${e.engines.node}`)).toEqual([]);
  });

  it(`dev dependencies accept Node ${devFloors.join(", ")} (as the README says)`, () => {
    const refusing = locked.filter(
      ([path, e]) => !NODE_22_SDKS.test(path) && devFloors.some((v) => !semver.satisfies(v, e.engines.node)),
    );
    expect(refusing.map(([path, e]) => `${path}: ${e.engines.node}`)).toEqual([]);
  });

  it("the monitoring SDKs test:monitoring runs accept Node 22.13 and 24", () => {
    const sdks = locked.filter(([path]) => NODE_22_SDKS.test(path));
    expect(sdks.map(([path]) => path)).toContain("node_modules/dd-trace");
    const refusing = sdks.filter(([, e]) => ["22.13.0", "24.0.0"].some((v) => !semver.satisfies(v, e.engines.node)));
    expect(refusing.map(([path, e]) => `${path}: ${e.engines.node}`)).toEqual([]);
  });
});
