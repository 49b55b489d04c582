// A route (src/router/route.js): its handlers per method, HEAD and all(), and Route#dispatch,
// compared with Express 5's router.
import { describe, it, expect } from "vitest";
import express from "express";
import Server from "../../src/index.js";

describe("Router and Route used on their own, as with router 2", () => {
  const Router = Server.Router;
  const ExpressRouter = express.Router;

  it("exposes Route as Router.Route, and Route#dispatch runs a route's handlers", async () => {
    expect(typeof Router.Route).toBe("function");
    for (const R of [ExpressRouter, Router]) {
      const route = new R.Route("/p");
      const calls = [];
      route.get((req, res, next) => {
        calls.push("get1");
        next();
      });
      route.post(() => calls.push("post"));
      route.get((req, res, next) => {
        calls.push("get2");
        next(new Error("boom"));
      });
      route.all((req, res, next) => {
        calls.push("never: not an error handler");
        next();
      });
      route.all((err, req, res, next) => {
        calls.push("error " + err.message);
        next("route");
      });
      const req = { method: "HEAD", url: "/p" };
      const doneWith = await new Promise((resolve) => route.dispatch(req, {}, (err) => resolve(err)));
      expect({ calls, doneWith, isRoute: req.route === route }).toEqual({
        calls: ["get1", "get2", "error boom"],
        doneWith: undefined,
        isRoute: true,
      });
    }
  });
});

// A route with handlers for `methods` (in that order; "all" for route.all()).
const routeWith = (Route, methods) => {
  const route = new Route("/p");
  for (const method of methods) route[method]((req, res, next) => next());
  return route;
};

const shapes = [["get"], ["head", "get"], ["get", "head"], ["post"], ["head"], ["all"], ["all", "get"], ["propfind"]];

describe("Route's methods, as router 2's Route", () => {
  for (const methods of shapes) {
    it(`${methods.join(", ")}: which methods it handles, and the lists it gives`, () => {
      const seen = (route) => ({
        handles: ["GET", "HEAD", "POST", "OPTIONS", "PROPFIND", "get", undefined].map((m) => route._handlesMethod(m)),
        methods: route._methods(),
        withAll: route._methods(true),
      });
      expect(seen(routeWith(Server.Router.Route, methods))).toEqual(seen(routeWith(express.Router.Route, methods)));
    });
  }

  it("lists HEAD after the registered methods when GET implies it", () => {
    expect(routeWith(Server.Router.Route, ["post", "get"])._methods()).toEqual(["POST", "GET", "HEAD"]);
    expect(routeWith(Server.Router.Route, ["all", "get"])._methods(true)).toEqual(["*", "GET", "HEAD"]);
  });
});

describe("Route#dispatch picks the handlers for the request's method", () => {
  // The handlers a request with `method` runs on a route whose handlers record their name.
  const ran = (Route, method) => {
    const route = new Route("/p");
    const calls = [];
    const record = (name) => (req, res, next) => {
      calls.push(name);
      next();
    };
    route.get(record("get")).all(record("all")).head(record("head")).post(record("post")).get(record("get2"));
    return new Promise((resolve) => route.dispatch({ method, url: "/p" }, {}, () => resolve(calls)));
  };

  for (const method of ["GET", "HEAD", "POST", "DELETE", "get"]) {
    it(method, async () => {
      const expected = await ran(express.Router.Route, method);
      expect(await ran(Server.Router.Route, method)).toEqual(expected);
    });
  }

  it("runs GET's handlers for HEAD only while the route has no HEAD handler", async () => {
    const headRuns = async (methods) => {
      const route = new Server.Router.Route("/p");
      const calls = [];
      for (const method of methods) route[method]((req, res, next) => calls.push(method) && next());
      await new Promise((resolve) => route.dispatch({ method: "HEAD", url: "/p" }, {}, resolve));
      return calls;
    };
    expect(await headRuns(["get"])).toEqual(["get"]);
    expect(await headRuns(["get", "head"])).toEqual(["head"]);
    expect(await headRuns(["post"])).toEqual([]);
  });
});
