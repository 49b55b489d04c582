// `npm run test:loaders`: lib-server under the CommonJS loaders that cannot require() an ES
// module (Jest 29 and 30, plain, babel-jest, ts-jest; esbuild and webpack bundles). Their
// tools are a project of their own (package.json here), installed on first run.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/loaders/*.test.mjs"],
    globalSetup: ["test/loaders/setup.mjs"],
    testTimeout: 60000,
    hookTimeout: 120000,
  },
});
