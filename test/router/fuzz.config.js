// `npm run test:fuzz`: the randomized differential routing suite with 300 seeds, on the
// default routers and again with the radix tree forced (tree.test.js). npm test runs 60
// seeds of each to stay quick; CI runs this too.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/router/fuzz.test.js", "test/router/tree.test.js"],
    env: { FUZZ_SEEDS: "300" },
    maxWorkers: 2,
    testTimeout: 20000,
    hookTimeout: 20000,
  },
});
