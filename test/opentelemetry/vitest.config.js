// `npm run test:otel`: OpenTelemetry under each usual process set-up, in child processes
// (about two dozen, each loading the SDK): too slow for `npm test`.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/opentelemetry/setups.test.js"],
    testTimeout: 120000,
  },
});
