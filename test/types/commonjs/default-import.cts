// A .cts file that imports the ES way: the default import is require("lib-server") itself,
// named imports are its properties.
import express, { json, Router, Route, serveStatic, compose, Context, Request, Response } from "lib-server";
import type { RequestHandler } from "lib-server";
import assert = require("node:assert");

const app = express();
const hello: RequestHandler = (req, res) => void res.send("hi");
app.use(json()).get("/", hello);
app.use(Router().get("/:id", (req, res) => res.send(req.params.id)));
assert.equal(typeof serveStatic, "function");
assert.equal(typeof compose, "function");
assert.equal(typeof Context, "function");
assert.equal(new Route("/a").path, "/a");
assert.equal(Request.prototype, express.request);
assert.equal(Response.prototype, express.response);
