// Express's rule for calling a handler: a throw or a rejection becomes next(err); what a
// promise settled to reaches onSettle (the tracing wrapper's hook).
import { describe, it, expect, vi } from "vitest";
import { callHandler, callParamHandler, handlerArity, isThenable } from "../src/handler-call.js";
import Server from "../src/index.js";
import { start } from "./helpers/server.js";

const req = {};
const res = {};
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("callHandler", () => {
  it("calls (req, res, next), or (error, req, res, next) with an error", () => {
    const seen = [];
    const next = () => {};
    callHandler((...args) => seen.push(args), undefined, req, res, next);
    const error = new Error("e");
    callHandler((...args) => seen.push(args), error, req, res, next);
    expect(seen).toEqual([
      [req, res, next],
      [error, req, res, next],
    ]);
  });

  it("turns a throw into next(err), a falsy throw included", () => {
    const next = vi.fn();
    const error = new Error("thrown");
    callHandler(
      () => {
        throw error;
      },
      undefined,
      req,
      res,
      next,
    );
    callHandler(
      () => {
        throw undefined;
      },
      undefined,
      req,
      res,
      next,
    );
    expect(next.mock.calls).toEqual([[error], [undefined]]);
  });

  it("turns a rejection into next(err), and a falsy one into an Error", async () => {
    const next = vi.fn();
    const error = new Error("rejected");
    callHandler(() => Promise.reject(error), undefined, req, res, next);
    callHandler(() => Promise.reject(null), undefined, req, res, next);
    callHandler(async () => "value", undefined, req, res, next);
    await tick();
    expect(next).toHaveBeenCalledTimes(2);
    expect(next.mock.calls[0]).toEqual([error]);
    expect(next.mock.calls[1][0]).toEqual(new Error("Rejected promise"));
  });

  it("a thenable whose then() throws is next(err); one calling both callbacks gets a function", () => {
    const next = vi.fn();
    const error = new Error("then");
    callHandler(() => ({ then: () => { throw error; } }), undefined, req, res, next); // prettier-ignore
    callHandler(() => ({ then: (onFulfilled) => onFulfilled("v") }), undefined, req, res, next);
    expect(next.mock.calls).toEqual([[error]]);
  });

  it("tells onSettle how a returned promise settled, after next(err) for a rejection", async () => {
    const events = [];
    const next = (err) => events.push(["next", err]);
    const onSettle = (outcome, rejected) => events.push(["settle", outcome, Boolean(rejected)]);
    const error = new Error("no");
    callHandler(async () => "done", undefined, req, res, next, onSettle);
    callHandler(async () => Promise.reject(error), undefined, req, res, next, onSettle);
    await tick();
    expect(events).toEqual([
      ["settle", "done", false],
      ["next", error],
      ["settle", error, true],
    ]);
  });
});

describe("callParamHandler", () => {
  it("calls (req, res, next, value, name) by the same rule", async () => {
    const seen = [];
    const next = vi.fn();
    callParamHandler((...args) => seen.push(args), req, res, next, "42", "id");
    expect(seen).toEqual([[req, res, next, "42", "id"]]);
    const error = new Error("bad id");
    callParamHandler(async () => Promise.reject(error), req, res, next, "42", "id");
    await tick();
    expect(next.mock.calls).toEqual([[error]]);
  });
});

it("isThenable: anything with a then() method", () => {
  expect([null, undefined, 1, {}, { then: 1 }].map(isThenable)).toEqual([false, false, false, false, false]);
  expect(isThenable({ then() {} })).toBe(true);
});

describe("handlerArity", () => {
  it("is the handler's length, read again once another handler takes its place", () => {
    const layer = { handle: (req, res, next) => next() };
    expect(handlerArity(layer)).toBe(3);
    layer.handle = (err, req, res, next) => next(err);
    expect(handlerArity(layer)).toBe(4);
    layer.handle = () => {};
    expect(handlerArity(layer)).toBe(0);
  });

  it("a layer's handler replaced after requests (as instrumentations do) is what decides", async () => {
    const app = new Server();
    app.get("/", () => {
      throw new Error("boom");
    });
    app.use((err, req, res, next) => next(err));
    const started = await start(app);
    try {
      expect((await started.request("/")).status).toBe(500);
      const layer = app.router.stack.at(-1);
      layer.handle = (err, req, res, next) => res.status(418).send(`caught ${err.message}`);
      const res = await started.request("/");
      expect([res.status, res.text]).toEqual([418, "caught boom"]);
      layer.handle = (req, res) => res.send("not an error handler");
      expect((await started.request("/")).status).toBe(500);
    } finally {
      await started.close();
    }
  });
});
