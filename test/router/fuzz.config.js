// `npm run test:fuzz`: the randomized differential routing suites with 300 seeds: the default
// mode's against Express 5, on the default routers and again with the radix tree forced
// (tree.test.js), and the Express 4 mode's against Express 4; and the randomized answers of
// response-fuzz.test.js (3,000 requests per app and mode). npm test runs 20 seeds of each to
// stay quick; CI runs this too.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "test/router/fuzz.test.js",
      "test/router/tree.test.js",
      "test/express4/fuzz.test.js",
      "test/response-fuzz.test.js",
    ],
    env: { FUZZ_SEEDS: "300" },
    maxWorkers: 2,
    testTimeout: 20000,
    hookTimeout: 20000,
  },
});
