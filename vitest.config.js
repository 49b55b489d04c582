import { defineConfig, configDefaults } from "vitest/config";

// The benchmark smoke run takes 20-30 s: `npm run test:bench` (test/benchmarks/vitest.config.js).
// OpenTelemetry under each process set-up, two dozen child processes: `npm run test:otel`.
// Each monitoring tool's real SDK in child processes: `npm run test:monitoring`.
// Installs from packed tarballs, 20 s of npm: `npm run test:packaging`. 10,000 files written
// for a listing: `npm run test:scale`.
const EXCLUDED = [
  ...configDefaults.exclude,
  "test/benchmarks/smoke.test.js",
  "test/opentelemetry/setups.test.js",
  "test/monitoring/tools/**",
  "test/packaging.test.js",
  "test/express4/package.test.js",
  "test/static/listing-scale.test.js",
];
const TREE_SUITES = "test/router/tree.test.js";

export default defineConfig({
  test: {
    // Vitest 4 uses one worker on a 2-core machine (cores - 1). Many files wait on sockets and
    // timers more than they compute: on 2 cores, 115 s with two workers, 98 s with three
    // (2026-12-02, 4,189 tests).
    maxWorkers: 3,
    // What express@4's body-parser, send and Express 4 itself would print while the
    // differential tests provoke it; depd reads it when a namespace is first made, in whichever
    // file that happens. Child processes that check the warnings set their own environment.
    env: { NO_DEPRECATION: "body-parser,send,express" },
    testTimeout: 20000,
    hookTimeout: 20000,
    projects: [
      // Each worker keeps its modules from one test file to the next: the suite spent half its
      // time importing (106 s isolated, 63 s shared; 2026-12-02). Tests leave no state behind
      // them that another file reads (files shuffled, the runs stay green).
      {
        extends: true,
        test: { name: "shared", isolate: false, include: ["test/**/*.test.js"], exclude: [...EXCLUDED, TREE_SUITES] },
      },
      // Runs four suites again after forcing a radix tree into every router: it needs those
      // suites' modules fresh, and its forcing must not reach another file.
      { extends: true, test: { name: "tree", isolate: true, include: [TREE_SUITES] } },
    ],
  },
});
