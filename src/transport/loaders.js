// The parts of the transport a server may never need, loaded on first use: a hello world on
// HTTP/1.1 that is never closed, never sent a malformed request and runs on one core loads
// none of them. Through require() (our ES modules load that way too, from Node 20.19), named
// in plain strings so that a bundler (scripts/build-cjs.js, or an app's) sees them.
import { createRequire } from "node:module";
import { lazy } from "../deps.js";

const require = createRequire(import.meta.url);

export const http2Support = lazy(() => require("./http2/index.js")); // on the first HTTP/2 server or request
export const clientErrors = lazy(() => require("./client-error.js")); // on the first malformed request
export const shutdown = lazy(() => require("./shutdown.js")); // on app.close()
export const multiCore = lazy(() => require("./cluster.js")); // on cluster()
