// `npm run test:bench`: the benchmark smoke run (every server of every scenario answers
// correctly; 20-30 s), kept out of the default `npm test` for its length. CI runs both.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/benchmarks/smoke.test.js"],
    testTimeout: 180_000,
    hookTimeout: 20_000,
  },
});
