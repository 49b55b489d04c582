// `npm run test:monitoring`: each monitoring tool's real SDK (Sentry, dd-trace, New Relic,
// Elastic APM, OpenTelemetry's zero-code set-up) on the same app on Express 5 and on
// lib-server, in child processes that report to a fake collector on 127.0.0.1: too slow for
// `npm test`, and dd-trace and newrelic need Node 22 or later (test/monitoring/run.js picks it).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/monitoring/tools/*.test.js"],
    globalSetup: ["test/opentelemetry/sdk3/setup.js"],
    testTimeout: 120000,
    hookTimeout: 300000,
  },
});
