// app.param() callbacks and mergeParams, as router 2 runs them.
import { callParamHandler } from "../handler-call.js";
import { handlerChannel, tracedParamCall } from "../tracing.js";

export function mergeParams(params, parent) {
  if (typeof parent !== "object" || !parent) return params;
  const merged = Object.assign({}, parent);
  if (!(0 in params) || !(0 in parent)) return Object.assign(merged, params);
  // Both have numeric (unnamed) params: shift ours after the parent's, as Express does.
  let i = 0;
  let o = 0;
  while (i in params) i++;
  while (o in parent) o++;
  for (i--; i >= 0; i--) {
    params[i + o] = params[i];
    if (i < o) delete params[i];
  }
  return Object.assign(merged, params);
}

export function hasParamCallbacks(router) {
  for (const _ in router.params) return true;
  return false;
}

// app.param() callbacks, in key order, each value handled once per request and router.
// `path` is the one the layer matched (for tracing).
export function processParams(router, layer, path, req, res, called, done) {
  const keys = layer.paramNames;
  let k = 0;
  let fnIndex = 0;
  let callbacks;
  let state;
  let key;

  const nextParam = (err) => {
    if (err) return done(err);
    if (k >= keys.length) return done();
    key = keys[k++];
    const value = req.params[key];
    callbacks = router.params[key];
    if (value === undefined || !callbacks) return nextParam();
    state = called.get(key);
    if (state && (state.match === value || (state.error && state.error !== "route"))) {
      req.params[key] = state.value;
      return nextParam(state.error);
    }
    state = { error: null, match: value, value };
    called.set(key, state);
    fnIndex = 0;
    nextCallback();
  };

  const nextCallback = (err) => {
    const fn = callbacks[fnIndex++];
    state.value = req.params[key];
    if (err) {
      state.error = err;
      return nextParam(err);
    }
    if (!fn) return nextParam();
    // each gets the value matched, as in router 2
    if (handlerChannel.hasSubscribers)
      tracedParamCall(layer, layer.pathMatching(path), fn, req, res, nextCallback, state.match, key);
    else callParamHandler(fn, req, res, nextCallback, state.match, key);
  };

  nextParam();
}
