// The same suite on real Express 5, for comparison: `express` (required by @nestjs/platform-express
// and by the app) is mapped to the express5 alias (npm:express@^5), which the override leaves alone.
const base = require("./jest.config.cjs");

module.exports = {
  ...base,
  moduleNameMapper: { "^express$": require.resolve("express5") },
  globals: { EXPECTED_EXPRESS: "express" },
};
