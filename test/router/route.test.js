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
