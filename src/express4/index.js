// lib-server's Express 4 mode: an app that behaves as Express 4.22's. Two ways in:
// `import express from "lib-server/express4"` (or require), or the package
// lib-server-express4 installed under the name `express` (packages/express4), so that
// `require("express")` everywhere (the app's files, its plugins) gets this mode unchanged.
import { createRequire } from "node:module";
import { createApp } from "../application.js";
import { lazy } from "../deps.js";
import { Route } from "./route.js";
import { proto } from "./application.js";
import { request } from "./request.js";
import { response } from "./response.js";
import { Router } from "./router.js";
import { query } from "./query.js";

const require = createRequire(import.meta.url);

export default function express(options) {
  return createApp(express.prototype, options);
}

express.prototype = proto;
proto.constructor = express;

// Express 4's exports: express.application/request/response, Router, Route, and the bundled
// middleware (body-parser 1.x's parsers, serve-static 1.x, query).
Object.assign(express, { application: proto, request, response, Route, Router, query });
// The body parsers and static files load on first use, as the default mode's do: getters
// for the functions themselves (not wrappers: depd's warnings name the caller's line), which
// an assignment replaces, as it would Express 4's plain properties.
const bodyParsers = lazy(() => require("./body-parser.js"));
const staticFiles = lazy(() => require("./static.js"));
for (const [name, get] of [
  ["json", () => bodyParsers().json],
  ["raw", () => bodyParsers().raw],
  ["static", () => staticFiles().serveStatic],
  ["text", () => bodyParsers().text],
  ["urlencoded", () => bodyParsers().urlencoded],
]) {
  Object.defineProperty(express, name, {
    configurable: true,
    enumerable: true,
    get,
    set(value) {
      Object.defineProperty(this, name, { configurable: true, enumerable: true, writable: true, value });
    },
  });
}

// `import { Router, json } from "express"` works on Express 4 (Node reads its CommonJS
// exports' names), so the same names are this module's too: the bundled middleware through
// the getters above (loaded on first call; depd then names this line for urlencoded's warning).
const json = (options) => express.json(options);
const raw = (options) => express.raw(options);
const text = (options) => express.text(options);
const urlencoded = (options) => express.urlencoded(options);
const serveStatic = (root, options) => express.static(root, options);
export { proto as application, request, response, Route, Router, query };
export { json, raw, text, urlencoded, serveStatic as static };

// The Connect middleware Express 3 bundled: asking for one says where it went.
for (const name of [
  "bodyParser",
  "compress",
  "cookieSession",
  "session",
  "logger",
  "cookieParser",
  "favicon",
  "responseTime",
  "errorHandler",
  "timeout",
  "methodOverride",
  "vhost",
  "csrf",
  "directory",
  "limit",
  "multipart",
  "staticCache",
]) {
  Object.defineProperty(express, name, {
    configurable: true,
    get() {
      throw new Error(
        `Most middleware (like ${name}) is no longer bundled with Express and must be installed separately. Please see https://github.com/senchalabs/connect#middleware.`,
      );
    },
  });
}
