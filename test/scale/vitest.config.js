// `npm run test:scale`: the scaled-out deployment (nginx, Redis, two instances), kept out of
// the default run because it starts real services (it skips itself when they are not
// installed), and a static directory listing of 10,000 files (test/static/listing-scale.test.js).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/scale/**/*.scale.js", "test/static/listing-scale.test.js"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
