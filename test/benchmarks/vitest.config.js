// `npm run test:bench`: the benchmark smoke run (every server of every scenario answers
// correctly; a minute or more, three under heavy load), kept out of the default `npm test` for its length. CI runs both.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/benchmarks/smoke.test.js"],
    testTimeout: 300_000,
    hookTimeout: 20_000,
  },
});
