import { defineConfig, configDefaults } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.js"],
    // The benchmark smoke run takes 20-30 s: `npm run test:bench` (test/benchmarks/vitest.config.js).
    // OpenTelemetry under each process set-up, two dozen child processes: `npm run test:otel`.
    // Installs from packed tarballs, 20 s of npm: `npm run test:packaging`. 10,000 files written
    // for a listing: `npm run test:scale`.
    exclude: [
      ...configDefaults.exclude,
      "test/benchmarks/smoke.test.js",
      "test/opentelemetry/setups.test.js",
      "test/packaging.test.js",
      "test/express4/package.test.js",
      "test/static/listing-scale.test.js",
    ],
    // Vitest 4 uses one worker on a 2-core machine (cores - 1): 95 s serial, 65 s with two.
    maxWorkers: 2,
    testTimeout: 20000,
    hookTimeout: 20000,
  },
});
