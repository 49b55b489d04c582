// One stack entry (src/router/layer.js): what a middleware's prefix or a route's full
// pattern matches, the params and matched path it reports, and router 2's fields, each
// compared with the layer Express 5's router builds from the same call.
import { describe, it, expect } from "vitest";
import express from "express";
import Server from "../../src/index.js";

const handler = function named(req, res, next) {
  next();
};

// The layer `router.use(path, fn)` or `router.route(path)` pushes, in a router made with `options`.
const layerOf = (Router, kind, path, options) => {
  const router = Router(options);
  if (kind === "use") router.use(path, handler);
  else router.route(path).get(handler);
  return router.stack[0];
};

// What a match reports, in one shape for both: router 2's { params, path, pattern } or
// false; ours { params, path } or null, the registered path from pathMatching().
const expressMatch = (layer, path) => {
  const match = layer.match(path);
  return match ? { params: { ...match.params }, path: match.path, pattern: match.pattern } : null;
};
const ourMatch = (layer, path) => {
  const match = layer.match(path);
  return match ? { params: { ...match.params }, path: match.path, pattern: layer.pathMatching(path) } : null;
};

const cases = [
  ["use", "/", {}, ["/", "/x/y"]],
  ["use", "/api", {}, ["/api", "/api/", "/api/x", "/apix", "/API/x"]],
  ["use", "/api", { caseSensitive: true }, ["/api/x", "/API/x"]],
  ["use", "/:tenant/dash", {}, ["/acme/dash", "/acme/dash/x", "/acme/dashboard"]],
  ["route", "/users/:id", {}, ["/users/1", "/users/1/", "/users/%E2%82%AC", "/users", "/users/1/x"]],
  ["route", "/users/:id", { strict: true }, ["/users/1", "/users/1/"]],
  ["route", "/files/*splat", {}, ["/files/a/b", "/files/a/", "/files/"]],
  ["route", "/:from-:to", {}, ["/x-y", "/x"]],
  ["route", "/p{/:x}", {}, ["/p", "/p/1"]],
  ["route", ["/one", ["/two/:n"]], {}, ["/one", "/two/2", "/three"]],
  ["route", /^\/re\/(\d+)$/, {}, ["/re/42", "/re/x"]],
  ["route", /^\/named\/(?<id>[a-z]+)$/, {}, ["/named/abc", "/named/1"]],
];

describe("Layer#match, params and matched path, as router 2's Layer", () => {
  for (const [kind, path, options, requests] of cases) {
    it(`${kind} ${String(path)} ${JSON.stringify(options)}`, () => {
      const ours = layerOf(Server.Router, kind, path, options);
      const theirs = layerOf(express.Router, kind, path, options);
      expect(requests.map((p) => ourMatch(ours, p))).toEqual(requests.map((p) => expressMatch(theirs, p)));
    });
  }

  it("reports a param that does not decode as a 400 error", () => {
    const outcome = (layer) => {
      try {
        return layer.match("/users/%E0%A4%A");
      } catch (err) {
        return { status: err.status, message: err.message };
      }
    };
    const expected = outcome(layerOf(express.Router, "route", "/users/:id", {}));
    expect(expected).toEqual({ status: 400, message: "Failed to decode param '%E0%A4%A'" });
    expect(outcome(layerOf(Server.Router, "route", "/users/:id", {}))).toEqual(expected);
  });
});

describe("Layer fields", () => {
  it("keeps router 2's name, rawPath and slash", () => {
    const fields = ({ name, rawPath, slash }) => ({ name, rawPath, slash });
    for (const [kind, path] of [
      ["use", "/"],
      ["use", "/api"],
      ["route", "/"],
      ["route", ["/a", ["/b"]]],
    ]) {
      expect(fields(layerOf(Server.Router, kind, path, {}))).toEqual(fields(layerOf(express.Router, kind, path, {})));
    }
  });

  it("lists param names once each, in order, for app.param() callbacks", () => {
    const keys = (path) => layerOf(Server.Router, "route", path, {}).paramNames;
    expect(keys("/users/:id")).toEqual(["id"]);
    expect(keys("/:from-:to/*rest")).toEqual(["from", "to", "rest"]);
    expect(keys(["/a/:id", "/b/:id/:x"])).toEqual(["id", "x"]);
    expect(keys("/static")).toEqual([]);
  });

  it("has tree shapes for plain patterns only: a RegExp layer is confirmed by RegExp for every request", () => {
    expect(layerOf(Server.Router, "route", "/users/:id", {}).shapes).not.toBeNull();
    expect(layerOf(Server.Router, "route", /^\/re\/(\d+)$/, {}).shapes).toBeNull();
    expect(layerOf(Server.Router, "route", ["/a", /^\/b$/], {}).shapes).toBeNull();
  });
});
