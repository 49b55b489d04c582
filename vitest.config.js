import { defineConfig, configDefaults } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.js"],
    // The benchmark smoke run takes 20-30 s: `npm run test:bench` (test/benchmarks/vitest.config.js).
    exclude: [...configDefaults.exclude, "test/benchmarks/smoke.test.js"],
    testTimeout: 20000,
    hookTimeout: 20000,
  },
});
