// lib-server's Express 4 mode: an app that behaves as Express 4.22's. Two ways in:
// `import express from "lib-server/express4"` (or require), or the package
// lib-server-express4 installed under the name `express` (packages/express4), so that
// `require("express")` everywhere (the app's files, its plugins) gets this mode unchanged.
import * as lib from "../index.js";
import { createApp } from "../application.js";
import { proto } from "./application.js";
import { request } from "./request.js";
import { response } from "./response.js";
import { Router } from "./router.js";
import { Route } from "./route.js";

export default function express(options) {
  return createApp(express.prototype, options);
}

express.prototype = proto;
proto.constructor = express;

// Express 4's exports: express.application/request/response, Router, Route, and the bundled
// middleware (body-parser 1.x's parsers, serve-static, query).
Object.assign(express, {
  application: proto,
  request,
  response,
  Router,
  Route,
  json: lib.json,
  urlencoded: lib.urlencoded,
  text: lib.text,
  raw: lib.raw,
  static: lib.serveStatic,
});
