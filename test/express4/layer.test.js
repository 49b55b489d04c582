// Express 4's Layer (src/express4/layer.js) as code around it sees it: its fields, its
// handle_request / handle_error, and the two patches express-async-errors makes to Express 4
// (a `handle` accessor on Layer.prototype that wraps every handler, and a wrapper around
// Router.prototype.constructor.param), applied to express@4 and to the Express 4 mode alike:
// async handlers and param callbacks that reject then reach the error handlers once.
import { createRequire } from "node:module";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import express4 from "express4";
import express from "../../src/express4/index.js";
import { Layer } from "../../src/express4/layer.js";
import { compareSuite } from "../helpers/compare.js";

const require = createRequire(import.meta.url);
const Express4Layer = require("express4/lib/router/layer.js");
const Express4Router = require("express4/lib/router/index.js");

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

  it("returns the match for the router's walk", () => {
    expect(new Layer("/users/:id", {}, noop).match("/users/7")).toEqual({ params: { id: "7" }, path: "/users/7" });
    expect(new Layer("/users/:id", {}, noop).match("/posts/7")).toBeNull();
  });

  it("calls handlers as Express 4 does: arity-filtered, a throw is next(err), a promise is not followed", () => {
    const seen = [];
    const next = (err) => seen.push(err === undefined ? "next" : err.message);
    const layer = (fn) => new Layer("/", {}, fn);
    layer((req, res, nxt) => nxt()).handle_request({}, {}, next);
    layer((err, req, res, nxt) => nxt()).handle_request({}, {}, next); // not a request handler: skipped
    layer(() => {
      throw new Error("thrown");
    }).handle_request({}, {}, next);
    layer((req, res, nxt) => nxt()).handle_error(new Error("skipped"), {}, {}, next);
    layer(() => ({ then: () => seen.push("followed") })).handleRequest({}, {}, next);
    expect(seen).toEqual(["next", "next", "thrown", "skipped"]);
  });

  it("runs a patch of Layer.prototype.handle_request (express-async-errors' way in)", () => {
    const original = Layer.prototype.handle_request;
    const calls = [];
    Layer.prototype.handle_request = function patched(req, res, next) {
      calls.push(this.name);
      return original.call(this, req, res, next);
    };
    try {
      new Layer("/", {}, noop).handleRequest({}, {}, () => {});
    } finally {
      Layer.prototype.handle_request = original;
    }
    expect(calls).toEqual(["handler"]);
  });
});

// What express-async-errors does to Express 4, in our words: each handler a layer is given is
// wrapped so that a rejection of what it returns calls its `next`; param callbacks likewise.
function patchAsyncErrors(LayerClass, RouterClass) {
  const wrap = (fn) => {
    const wrapped = function wrapped(...args) {
      const returned = fn.apply(this, args);
      const next = args.length === 5 ? args[2] : args.at(-1);
      if (returned && typeof returned.catch === "function") returned.catch((err) => next(err));
      return returned;
    };
    Object.defineProperty(wrapped, "length", { value: fn.length });
    return wrapped;
  };
  const param = RouterClass.prototype.constructor.param;
  Object.defineProperty(LayerClass.prototype, "handle", {
    configurable: true,
    get() {
      return this.wrappedHandle;
    },
    set(fn) {
      this.wrappedHandle = wrap(fn);
    },
  });
  RouterClass.prototype.constructor.param = function patchedParam(name, fn) {
    return param.call(this, name, wrap(fn));
  };
  return () => {
    delete LayerClass.prototype.handle;
    RouterClass.prototype.constructor.param = param;
  };
}

describe("with express-async-errors' patches", () => {
  const unpatch = [];
  beforeAll(() => {
    unpatch.push(patchAsyncErrors(Express4Layer, Express4Router), patchAsyncErrors(Layer, express.Router));
  });
  afterAll(() => unpatch.forEach((undo) => undo()));

  compareSuite(
    "rejections reach the error handlers, once",
    (app) => {
      let errors = 0;
      app.param("id", async (req, res, next, id) => {
        if (id === "bad") throw new Error("bad id");
        next();
      });
      app.get("/item/:id", async (req, res) => res.send(`item ${req.params.id}`));
      app.get("/reject", async () => {
        throw new Error("rejected");
      });
      app.get(
        "/route-error",
        async (req, res, next) => next(),
        async () => Promise.reject(new Error("later")),
      );
      app.use((err, req, res, next) => {
        errors++;
        res.status(500).send(`${err.message} (${errors} so far)`);
      });
    },
    ["/item/1", "/item/bad", "/reject", "/route-error", "/reject"],
    { reference: express4, subject: express },
  );
});
