// Calling a handler as Express does, in one place: a throw, or the rejection of a returned
// promise (or thenable), becomes next(err). Layers, routes, app.param() callbacks and the
// traced calls (tracing.js) all go through here.

/**
 * Calls a middleware, route handler or error handler (with `error`, as a 4-argument call).
 * `onSettle(outcome, rejected)` hears how a returned promise settled (tracing).
 */
export function callHandler(fn, error, req, res, next, onSettle = ignore) {
  const promise = invokeHandler(fn, error, req, res, next);
  if (promise !== undefined) followPromise(promise, next, onSettle);
}

/**
 * The first half of callHandler: calls the handler, a throw becoming next(err), and returns
 * the promise (or thenable) it returned, for followPromise, or undefined. Tracing follows it
 * only after publishing `end`, as router 2.3 does for a layer.
 */
export function invokeHandler(fn, error, req, res, next) {
  let ret;
  try {
    ret = error ? fn(error, req, res, next) : fn(req, res, next);
  } catch (thrown) {
    next(thrown);
    return undefined;
  }
  return isThenable(ret) ? ret : undefined;
}

/** Calls an app.param() callback, `fn(req, res, next, value, name)`, by the same rule. */
export function callParamHandler(fn, req, res, next, value, name, onSettle) {
  callHandler(() => fn(req, res, next, value, name), undefined, req, res, next, onSettle);
}

/**
 * The arity of `holder.handle` (a layer's handler; 4 makes it an error handler). A function's
 * `length` is an accessor V8 reads through a call into C++, and the walk asks it of every
 * layer of every request: a holder keeps the length of the handler it last read, and a
 * handler put in its place (instrumentations wrap `layer.handle`) is read anew.
 */
export function handlerArity(holder) {
  const handle = holder.handle;
  if (handle !== holder.measuredHandle) {
    holder.measuredHandle = handle;
    holder.handleArity = handle.length;
  }
  return holder.handleArity;
}

export const isThenable = (value) => value !== undefined && value !== null && typeof value.then === "function";

/** A returned promise's rejection becomes next(err); `onSettle` hears how it settled. */
export function followPromise(promise, next, onSettle) {
  const rejected = (err) => {
    next(err);
    onSettle(err, true);
  };
  try {
    // onSettle, never undefined, as router 2.3 passes: some thenables call both callbacks unchecked.
    promise.then(onSettle, (rejection) => rejected(rejection || new Error("Rejected promise")));
  } catch (thrown) {
    rejected(thrown); // a thenable whose then() throws
  }
}

function ignore() {}
