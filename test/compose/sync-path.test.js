// Unit tests with a fake req/res: a chain of sync steps must finish in the
// same tick without creating a single promise, with or without catch steps.
import { createHook } from "node:async_hooks";
import { describe, expect, it } from "vitest";
import { compose } from "../../src/compose.js";

function fakeExchange() {
  const req = { headers: {}, params: {}, query: {} };
  const res = {
    headersSent: false,
    writableEnded: false,
    destroyed: false,
    statusCode: 200,
    body: undefined,
    status(code) {
      this.statusCode = code;
      return this;
    },
    json(body) {
      this.body = body;
      this.headersSent = this.writableEnded = true;
      return this;
    },
  };
  const calls = [];
  const next = (err) => calls.push(err === undefined ? "next()" : err);
  return { req, res, next, calls };
}

// Runs fn synchronously and counts the promises created meanwhile.
function countPromises(fn) {
  let count = 0;
  const hook = createHook({
    init(id, type) {
      if (type === "PROMISE") count++;
    },
  });
  hook.enable();
  try {
    fn();
  } finally {
    hook.disable();
  }
  return count;
}

describe("compose() sync fast path", () => {
  const setters = [1, 2, 3, 4, 5].map((n) => (ctx) => void (ctx.state[`f${n}`] = n));

  it("answers within the same tick and allocates no promise", () => {
    const handler = compose(setters, (ctx) => ({ ok: true, ...ctx.state }));
    const { req, res, next, calls } = fakeExchange();
    let returned = "not called";
    const promises = countPromises(() => (returned = handler(req, res, next)));
    expect(promises).toBe(0);
    expect(returned).toBeUndefined();
    expect(res.writableEnded).toBe(true);
    expect(res.body).toEqual({ ok: true, f1: 1, f2: 2, f3: 3, f4: 4, f5: 5 });
    expect(calls).toEqual([]);
  });

  it("routes a sync throw to a catch step without a promise", () => {
    const handler = compose(
      () => {
        throw new Error("sync");
      },
      () => "skipped",
      compose.catch((err, ctx) => ctx.status(400).json({ error: err.message })),
    );
    const { req, res, next } = fakeExchange();
    expect(countPromises(() => handler(req, res, next))).toBe(0);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ error: "sync" });
  });

  it("calls next() synchronously when nothing was sent, and next(err) on an unhandled throw", () => {
    const error = new Error("unhandled");
    for (const [handler, expected] of [
      [compose(setters), "next()"],
      [
        compose({ errors: false }, setters[0], () => {
          throw error;
        }),
        error,
      ],
    ]) {
      const { req, res, next, calls } = fakeExchange();
      expect(countPromises(() => handler(req, res, next))).toBe(0);
      expect(calls).toEqual([expected]);
    }
  });

  it("runs nested sync chains without promises", () => {
    const handler = compose(compose(setters.slice(0, 2)), compose(compose(setters.slice(2))), (ctx) => ctx.state);
    const { req, res, next } = fakeExchange();
    expect(countPromises(() => handler(req, res, next))).toBe(0);
    expect(Object.keys(res.body)).toHaveLength(5);
  });

  it("does pay for promises once a step is async (the hook does see them)", async () => {
    const handler = compose(async () => ({ ok: true }));
    const { req, res, next } = fakeExchange();
    expect(countPromises(() => handler(req, res, next))).toBeGreaterThan(0);
    expect(res.writableEnded).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(res.body).toEqual({ ok: true });
  });
});

describe("compose() validation", () => {
  it("returns an Express handler (req, res, next)", () => {
    const handler = compose(() => {});
    expect(typeof handler).toBe("function");
    expect(handler.length).toBe(3);
  });

  it("rejects compose.catch in a chain composed with { errors: false }", () => {
    expect(() =>
      compose(
        { errors: false },
        () => {},
        compose.catch(() => {}),
      ),
    ).toThrow(/compose\.catch\(\).*\{ errors: false \}/);
  });

  it("rejects steps that are not functions", () => {
    expect(() => compose(() => {}, "nope")).toThrow(new TypeError("compose: step 1 is string, expected a function"));
    expect(() => compose(null)).toThrow(/step 0 is null/);
    expect(() => compose.catch(42)).toThrow(TypeError);
  });

  it("rejects Express middleware and error handlers passed as steps", () => {
    expect(() => compose((req, res, next) => next())).toThrow(/steps take \(ctx\).*app\.use/);
    expect(() => compose((err, ctx) => {})).toThrow(/compose\.catch/);
  });

  it("rejects unknown or ill-typed options", () => {
    expect(() => compose({ error: false }, () => {})).toThrow(/unknown option "error"/);
    expect(() => compose({ errors: "no" }, () => {})).toThrow(/must be a boolean/);
  });

  it("exposes the context class so apps can extend it", () => {
    compose.Context.prototype.hello = function hello() {
      return `hello ${this.params.name}`;
    };
    try {
      const { req, res, next } = fakeExchange();
      req.params.name = "ctx";
      compose((ctx) => ({ greeting: ctx.hello() }))(req, res, next);
      expect(res.body).toEqual({ greeting: "hello ctx" });
    } finally {
      delete compose.Context.prototype.hello;
    }
  });
});
