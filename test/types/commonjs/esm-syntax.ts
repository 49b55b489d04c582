// ES import syntax compiled to CommonJS (`module: commonjs`; TypeScript 7 always has
// esModuleInterop). Compiled by tsconfig.commonjs.json; test/types/emit.test.js also emits
// and runs it: what type-checks here has to run.
import express, { json, Router, Route, serveStatic } from "lib-server";
import * as lib from "lib-server";
import required = require("lib-server");
import type { Request, Response } from "lib-server";
import assert = require("node:assert");

const app = express();
app.use(json(), lib.urlencoded({ extended: true }));
app.use(Router().get("/:id", (req: Request<{ id: string }>, res: Response) => res.send(req.params.id)));
const typed: express.Application = app;
const alsoTyped: lib.Application = required();

assert.equal(express, required);
assert.equal(lib.default, required);
assert.equal(lib.Server, required);
assert.equal(typeof serveStatic, "function");
assert.equal(new Route("/r").path, "/r");
assert.equal(typeof typed.listen, "function");
assert.equal(typeof alsoTyped.listen, "function");

// A namespace import is a plain object under esModuleInterop: not callable.
export function neverCalled() {
  // @ts-expect-error not callable
  lib();
}
