// src/transport/loaders.js: each part of the transport a server may never need is required
// once, on first call, and is the very module require() gives.
import { createRequire } from "node:module";
import { expect, it } from "vitest";
import * as loaders from "../../src/transport/loaders.js";

const require = createRequire(import.meta.url);

// Required (Node shares one instance between require() and import; vitest's import() would
// give its own transformed copy, hence require() here).
it.each([
  ["http2Support", "../../src/transport/http2/index.js", "createServer"],
  ["clientErrors", "../../src/transport/client-error.js", "handleClientError"],
  ["shutdown", "../../src/transport/shutdown.js", "gracefulClose"],
  ["multiCore", "../../src/transport/cluster.js", "cluster"],
])("%s() returns the module %s, once", (name, path, exported) => {
  const loaded = loaders[name]();
  expect(loaded).toBe(require(path));
  expect(loaders[name]()).toBe(loaded);
  expect(typeof loaded[exported]).toBe("function");
});
