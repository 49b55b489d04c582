// lib-server: `import Server from "lib-server"` (or `import express from "lib-server"`).
// Each name is exported once, below; the Server function gets them all from this module's
// own namespace, so require("lib-server") (that function) offers what `import` does.
import { createRequire } from "node:module";
import * as self from "./index.js";
import Server from "./application.js";
import { lazy } from "./deps.js";

const require = createRequire(import.meta.url);

export { Server, Server as default };
export { Router } from "./router/index.js";
export { Route } from "./router/route.js";
export { Request } from "./request.js";
export { Response } from "./response.js";
export { compose } from "./compose.js";
export { cluster } from "./transport/index.js";
export { Context } from "./context.js";

// Body parsers and static files load when first asked for (the cluster helper too: transport/).
const bodyParsers = lazy(() => require("./body/index.js"));
const staticFiles = lazy(() => require("./static/index.js"));
export const json = (options) => bodyParsers().json(options);
export const urlencoded = (options) => bodyParsers().urlencoded(options);
export const text = (options) => bodyParsers().text(options);
export const raw = (options) => bodyParsers().raw(options);
export const serveStatic = (root, options) => staticFiles().serveStatic(root, options);

// `express.json()` and friends keep working after the import swap; `default` is among the
// names, for TypeScript's CommonJS output. Express's own statics add `application` and
// `static` (`request` and `response` are set by application.js). Last: the `const`s above
// are readable from the namespace only once declared.
Object.assign(Server, self, { application: Server.prototype, static: serveStatic });
