// `npm run test:packaging`: lib-server packed with `npm pack` and installed from the tarball,
// also as `express` (and packages/express4 as `express`, the Express 4 mode): 20 s of npm
// runs, kept out of npm test; CI runs this too.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/packaging.test.js", "test/express4/package.test.js"],
    maxWorkers: 2,
    testTimeout: 60000,
    hookTimeout: 120000,
  },
});
