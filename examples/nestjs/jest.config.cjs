// The e2e suite as users run it: `express` is whatever npm installed under that name. With this
// package.json's override that is lib-server (node_modules/express -> ../../..).
module.exports = {
  rootDir: __dirname,
  testEnvironment: "node",
  testRegex: "test/.*\\.e2e-spec\\.ts$",
  moduleFileExtensions: ["ts", "js", "json"],
  // tsconfig.json has isolatedModules: ts-jest transpiles each file; `npm run build` type-checks.
  transform: { "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json" }] },
  globals: { EXPECTED_EXPRESS: process.env.EXPECTED_EXPRESS ?? "lib-server" },
};
