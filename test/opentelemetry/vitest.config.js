// `npm run test:otel`: OpenTelemetry under each usual process set-up, in child processes
// (about four dozen, each loading the SDK), on SDK 2 and SDK 3: too slow for `npm test`.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/opentelemetry/setups.test.js"],
    globalSetup: ["test/opentelemetry/sdk3/setup.js"],
    testTimeout: 120000,
    hookTimeout: 300000,
  },
});
