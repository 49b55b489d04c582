// src/context.js: the Context every compose() step receives, on its own: what it stores,
// what it reads through to req, and how its helpers delegate to res. (test/compose/ drives
// it through apps; here each part of its contract is checked directly.)
import { describe, expect, it, vi } from "vitest";
import express from "express";
import { Context, NEXT } from "../src/context.js";
import { compose } from "../src/compose.js";

const fakeReq = (headers = {}) => ({ params: { id: "1" }, query: { q: "x" }, body: { b: true }, headers });
const fakeRes = () => ({
  status: vi.fn(),
  set: vi.fn(),
  type: vi.fn(),
  json: vi.fn(),
  send: vi.fn(),
  redirect: vi.fn(),
});

describe("Context", () => {
  it("stores req, res and the request's next (under NEXT, not as an own string key)", () => {
    const req = fakeReq();
    const res = fakeRes();
    const next = () => {};
    const ctx = new Context(req, res, next);
    expect(ctx.req).toBe(req);
    expect(ctx.res).toBe(res);
    expect(ctx[NEXT]).toBe(next);
    expect(typeof NEXT).toBe("symbol");
    expect(Object.keys(ctx).filter((key) => !key.startsWith("_"))).toEqual(["req", "res"]);
  });

  it("is the class compose() hands out", () => {
    expect(compose.Context).toBe(Context);
  });

  it("reads params, query and body through to req, live", () => {
    const req = fakeReq();
    const ctx = new Context(req, fakeRes(), () => {});
    expect(ctx.params).toBe(req.params);
    expect(ctx.query).toBe(req.query);
    expect(ctx.body).toBe(req.body);
    req.params = { id: "2" };
    req.body = "later";
    expect(ctx.params).toEqual({ id: "2" });
    expect(ctx.body).toBe("later");
  });

  it("allocates state on first read, keeps it, and lets a step replace it", () => {
    const ctx = new Context(fakeReq(), fakeRes(), () => {});
    expect(ctx._state).toBeUndefined();
    const state = ctx.state;
    expect(state).toEqual({});
    expect(ctx.state).toBe(state);
    const replaced = { user: "ann" };
    ctx.state = replaced;
    expect(ctx.state).toBe(replaced);
    // Each context has its own.
    expect(new Context(fakeReq(), fakeRes(), () => {}).state).not.toBe(replaced);
  });

  describe("get(name)", () => {
    // Express's req.get on the same headers.
    function expressGet(headers, name) {
      const req = Object.create(express.request);
      req.headers = headers;
      return req.get(name);
    }
    const cases = [
      [{ "x-id": "7" }, "X-ID"],
      [{ "x-id": "7" }, "x-id"],
      [{ "x-id": "7" }, "absent"],
      [{ "set-cookie": ["a=1", "b=2"] }, "Set-Cookie"],
      [{ referer: "http://a/" }, "Referrer"],
      [{ referer: "http://a/" }, "referer"],
      [{ referrer: "http://b/" }, "Referer"],
      [{ referer: "http://a/", referrer: "http://b/" }, "referer"],
      [{ referer: "http://a/", referrer: "http://b/" }, "REFERRER"],
      [{ referer: "", referrer: "" }, "referer"],
      [{}, "referrer"],
    ];

    it.each(cases)("%j, %j reads what Express's req.get reads", (headers, name) => {
      const ctx = new Context(fakeReq(headers), fakeRes(), () => {});
      expect(ctx.get(name)).toEqual(expressGet(headers, name));
    });

    it.each([undefined, 42, null, {}])("throws a TypeError for the name %j, as Express does", (name) => {
      const ctx = new Context(fakeReq({}), fakeRes(), () => {});
      expect(() => expressGet({}, name)).toThrow(TypeError);
      expect(() => ctx.get(name)).toThrow(TypeError);
    });
  });

  describe("response helpers", () => {
    it.each([
      ["status", [418]],
      ["set", ["X-A", "b"]],
      ["set", [{ "X-A": "b", "X-C": "d" }]],
      ["type", ["json"]],
      ["json", [{ a: 1 }]],
      ["send", ["text"]],
    ])("%s(...) calls res.%s with its arguments and returns the context", (method, args) => {
      const res = fakeRes();
      const ctx = new Context(fakeReq(), res, () => {});
      expect(ctx[method](...args)).toBe(ctx);
      expect(res[method]).toHaveBeenCalledTimes(1);
      expect(res[method].mock.calls[0]).toEqual(method === "set" && args.length === 1 ? [args[0], undefined] : args);
    });

    it("redirect(url) passes one argument, redirect(status, url) both (res.redirect counts them)", () => {
      const res = fakeRes();
      const ctx = new Context(fakeReq(), res, () => {});
      expect(ctx.redirect("/there")).toBe(ctx);
      expect(ctx.redirect(301, "/moved")).toBe(ctx);
      expect(res.redirect.mock.calls).toEqual([["/there"], [301, "/moved"]]);
    });

    it("chains, in call order", () => {
      const order = [];
      const res = Object.fromEntries(["status", "set", "type", "send"].map((name) => [name, () => order.push(name)]));
      const ctx = new Context(fakeReq(), res, () => {});
      expect(ctx.status(201).set("X-A", "1").type("text").send("ok")).toBe(ctx);
      expect(order).toEqual(["status", "set", "type", "send"]);
    });

    it("lets res's errors through (nothing is swallowed)", () => {
      const res = fakeRes();
      res.status = () => {
        throw new RangeError("bad status");
      };
      const ctx = new Context(fakeReq(), res, () => {});
      expect(() => ctx.status(99)).toThrow(RangeError);
    });
  });

  it("takes helpers added to Context.prototype, as apps do", () => {
    Context.prototype.userId = function userId() {
      return this.params.id;
    };
    try {
      expect(new Context(fakeReq(), fakeRes(), () => {}).userId()).toBe("1");
    } finally {
      delete Context.prototype.userId;
    }
  });
});
