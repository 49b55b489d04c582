// compose(): promise-chain middleware on top of Express-style handlers.
//
// Speed rule (docs/compose.md, "Cost"; figures in benchmarks/NOTES.md, "Everything
// else"): error handling must cost nothing on the
// happy path. So there is no promise per step and no .catch/.then pair per
// step: the chain is a plain loop over an array whose try/catch costs nothing
// until a step throws, and only a step that actually returns a thenable
// switches that request to an async continuation. A failure moves the loop to
// the next compose.catch() step instead of unwinding a promise chain. Hence
// { errors: false } changes what a chain may contain, not how it runs.
import { Context, NEXT } from "./context.js";

// compose() results carry their steps here, so a chain nested in another one
// runs inline on the same context instead of as an Express handler.
const CHAIN = Symbol("lib-server.compose.chain");
// run() verdict: a response was produced (or the client is gone) — stop.
// The other verdicts are `undefined` (go on) and a promise of either.
const STOP = Symbol("lib-server.compose.stop");
// run()'s `error` while nothing failed (anything, even undefined, can be thrown).
const NO_ERROR = Symbol("lib-server.compose.no-error");

class Step {
  constructor(fn, catches) {
    this.fn = fn;
    this.catches = catches;
  }
}

export function compose(...args) {
  const errors = isOptions(args[0]) ? readOptions(args.shift()) : true;
  const steps = args.flat(Infinity).map((step, index) => toStep(step, index, errors));

  function composed(req, res, next) {
    const ctx = new Context(req, res, next);
    let verdict;
    try {
      verdict = run(steps, ctx, 0, NO_ERROR);
    } catch (err) {
      return fail(ctx, err);
    }
    if (verdict === undefined) next();
    else if (verdict !== STOP) {
      verdict.then(
        (result) => result === undefined && next(),
        (err) => fail(ctx, err),
      );
    }
  }
  composed[CHAIN] = steps;
  return composed;
}

// An error step: fn(err, ctx) runs only when a step before it failed.
compose.catch = function catchStep(fn) {
  if (typeof fn !== "function") throw new TypeError("compose.catch(fn): fn must be a function");
  return new Step(fn, true);
};

// Exposed so apps can add helpers to every context (Context.prototype).
compose.Context = Context;

// Runs steps[i..] and returns a verdict. With `error` pending only catch steps
// run; otherwise only normal steps do. An error no catch step handles is
// thrown (or rejected) to the caller: the outer chain or the Express handler.
function run(steps, ctx, i, error) {
  for (; i < steps.length; i++) {
    const step = steps[i];
    if (step.catches === (error === NO_ERROR)) continue;
    try {
      const result = error === NO_ERROR ? step.fn(ctx) : step.fn(error, ctx);
      error = NO_ERROR;
      const verdict = settle(steps, ctx, i, result);
      if (verdict !== undefined) return verdict;
    } catch (err) {
      error = err;
    }
  }
  if (error !== NO_ERROR) throw error;
  return undefined;
}

// Interprets what step i returned: nothing → go on (unless it already
// responded), a thenable → continue asynchronously, anything else → respond.
function settle(steps, ctx, i, result) {
  const res = ctx.res;
  // Returning ctx or res (e.g. `ctx => ctx.status(201)`) means "nothing to send".
  if (result === undefined || result === ctx || result === res) {
    return isFinished(res) ? STOP : undefined;
  }
  if (result === STOP) return STOP;
  if (typeof result === "object" && result !== null && typeof result.then === "function") {
    return Promise.resolve(result).then(
      (value) => resume(steps, ctx, i, value),
      (err) => run(steps, ctx, i + 1, err),
    );
  }
  respond(ctx, result);
  return STOP;
}

function resume(steps, ctx, i, value) {
  let verdict;
  try {
    verdict = settle(steps, ctx, i, value);
  } catch (err) {
    return run(steps, ctx, i + 1, err);
  }
  return verdict === undefined ? run(steps, ctx, i + 1, NO_ERROR) : verdict;
}

function respond(ctx, body) {
  const res = ctx.res;
  const stream = isStream(body);
  if (isFinished(res)) {
    // Client gone or response already sent: nothing to write, free the stream.
    if (stream && typeof body.destroy === "function") body.destroy();
  } else if (typeof body === "string") res.send(body);
  else if (stream) pipe(ctx, body);
  else if (ArrayBuffer.isView(body)) res.send(asBuffer(body));
  else res.json(body);
}

function pipe(ctx, stream) {
  const res = ctx.res;
  if (!res.getHeader("Content-Type")) res.setHeader("Content-Type", "application/octet-stream");
  stream.on("error", (err) => {
    // Before the first byte the app's error middleware can still answer.
    if (res.headersSent) res.destroy();
    else fail(ctx, err);
  });
  res.on("close", () => {
    if (typeof stream.destroy === "function") stream.destroy();
  });
  stream.pipe(res);
}

// Buffer view without copying, so res.send() treats every binary alike.
function asBuffer(view) {
  return Buffer.isBuffer(view) ? view : Buffer.from(view.buffer, view.byteOffset, view.byteLength);
}

function isStream(value) {
  return value !== null && typeof value === "object" && typeof value.pipe === "function";
}

function isFinished(res) {
  return res.headersSent || res.writableEnded || res.destroyed;
}

function fail(ctx, err) {
  // next(undefined) would mean "no error": never let a falsy rejection vanish.
  ctx[NEXT](err || new Error(`compose step failed with ${String(err)}`));
}

function isOptions(value) {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function readOptions(options) {
  for (const key of Object.keys(options)) {
    if (key !== "errors") throw new TypeError(`compose: unknown option "${key}"`);
  }
  if (options.errors !== undefined && typeof options.errors !== "boolean") {
    throw new TypeError("compose: option errors must be a boolean");
  }
  return options.errors !== false;
}

function toStep(value, index, errors) {
  if (value instanceof Step) {
    if (!errors) {
      throw new TypeError(
        `compose: step ${index} is compose.catch(), which a chain composed with { errors: false } cannot have; ` +
          "remove the option or the catch step",
      );
    }
    return value;
  }
  if (typeof value !== "function") {
    throw new TypeError(`compose: step ${index} is ${value === null ? "null" : typeof value}, expected a function`);
  }
  const nested = value[CHAIN];
  if (nested !== undefined) return new Step((ctx) => run(nested, ctx, 0, NO_ERROR), false);
  if (value.length > 1) {
    throw new TypeError(
      `compose: step ${index} takes ${value.length} arguments; steps take (ctx). ` +
        "Use compose.catch((err, ctx) => ...) for error steps; Express (req, res, next) middleware goes in app.use()",
    );
  }
  return new Step(value, false);
}
