// lib-server: `import Server from "lib-server"` (or `import express from "lib-server"`).
import Server from "./application.js";
import { Router } from "./router/index.js";
import { Route } from "./router/route.js";
import { Request } from "./request.js";
import { Response } from "./response.js";
import { compose } from "./compose.js";
import { Context } from "./context.js";
import { bodyParsers, staticFiles, multiCore } from "./deps.js";

// Body parsers, static files and the cluster helper load when first asked for.
export const json = (options) => bodyParsers().json(options);
export const urlencoded = (options) => bodyParsers().urlencoded(options);
export const text = (options) => bodyParsers().text(options);
export const raw = (options) => bodyParsers().raw(options);
export const serveStatic = (root, options) => staticFiles().serveStatic(root, options);
export const cluster = (createApp, options) => multiCore().cluster(createApp, options);

// Express's statics, so `express.json()` and friends keep working after the import swap;
// and every named export, so require("lib-server") (this same function) offers the same
// names as the ES module, `default` included for TypeScript's CommonJS output.
Object.assign(Server, { application: Server.prototype, Router, Route, Server, json, raw, text, urlencoded, static: serveStatic, serveStatic });
Object.assign(Server, { compose, Context, cluster, Request, Response, default: Server });

export default Server;
export { Server, Router, Route, Request, Response, compose, Context };
