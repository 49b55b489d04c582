// `npm run test:scale`: the scaled-out deployment (nginx, Redis, two instances), kept out of
// the default run because it starts real services. Skips itself when they are not installed.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/scale/**/*.scale.js"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
