// Express 4's Layer (src/express4/layer.js) as code around it sees it: its fields, its
// handle_request / handle_error, and its handlers called as in the default mode (a rejected
// promise reaches the error handlers; Express 4 would leave it unhandled).
import { createRequire } from "node:module";
import { describe, it, expect } from "vitest";
import express from "../../src/express4/index.js";
import { Layer } from "../../src/express4/layer.js";
import { start } from "../helpers/server.js";

const require = createRequire(import.meta.url);
const Express4Layer = require("express4/lib/router/layer.js");

const noop = function handler(req, res, next) {
  next();
};

describe("Express 4's Layer", () => {
  it("has Express 4's enumerable fields, the walk's kept out of them", () => {
    const ours = new Layer("/users/:id", {}, noop);
    const theirs = new Express4Layer("/users/:id", {}, noop);
    expect(Object.keys(ours)).toEqual(Object.keys(theirs));
    expect(ours.name).toBe("handler");
    expect(Layer("/", {}, () => {}).name).toBe("<anonymous>"); // callable without new, as Route calls it
  });

  it("answers Express 4's match with a boolean, the walk's with the match, leaving the layer alone", () => {
    const [ours, theirs] = [new Layer("/users/:id", {}, noop), new Express4Layer("/users/:id", {}, noop)];
    for (const path of ["/users/7", "/posts/7"]) expect(ours.match(path)).toBe(theirs.match(path));
    expect(ours.matchRequest("/users/8")).toEqual({ params: { id: "8" }, path: "/users/8" });
    expect(ours.matchRequest("/posts/8")).toBeNull();
    expect([ours.params, ours.path]).toEqual([undefined, undefined]); // as the last match() left them
  });

  it("calls handlers by Express 4's arity rules, a throw or a rejection becoming next(err)", () => {
    const seen = [];
    const next = (err) => seen.push(err === undefined ? "next" : err.message);
    const layer = (fn) => new Layer("/", {}, fn);
    layer((req, res, nxt) => nxt()).handle_request({}, {}, next);
    layer((err, req, res, nxt) => nxt()).handle_request({}, {}, next); // not a request handler: skipped
    layer(() => {
      throw new Error("thrown");
    }).handle_request({}, {}, next);
    layer((req, res, nxt) => nxt()).handle_error(new Error("skipped"), {}, {}, next);
    layer((err, req, res, nxt) => nxt(err)).handleError(new Error("handled"), {}, {}, next);
    layer(() => ({ then: (resolve, reject) => reject(new Error("rejected")) })).handleRequest({}, {}, next);
    expect(seen).toEqual(["next", "next", "thrown", "skipped", "handled", "rejected"]);
  });

  it("takes an async handler's rejection to the error middleware, as the default mode does", async () => {
    const app = express();
    app.get("/", async () => {
      throw new Error("async failure");
    });
    app.use((err, req, res, next) => res.status(500).send(`caught ${err.message}`));
    const server = await start(app);
    try {
      const response = await server.request("/");
      expect([response.status, response.text]).toEqual([500, "caught async failure"]);
    } finally {
      await server.close();
    }
  });
});
