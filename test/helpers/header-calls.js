// What a middleware that wraps res.setHeader/removeHeader sees (compression, on-headers and
// others do): comparing these calls with Express's checks that skipping unobservable work
// stays unobservable.

/**
 * Middleware recording "set Name" / "remove Name" into `calls` for every request, or for
 * those `when(req)` picks, then passing each call on to the response's own method.
 */
export function recordHeaderCalls(calls, when = () => true) {
  return (req, res, next) => {
    if (!when(req)) return next();
    const { setHeader, removeHeader } = res;
    res.setHeader = function (name, value) {
      calls.push(`set ${name}`);
      return setHeader.call(this, name, value);
    };
    res.removeHeader = function (name) {
      calls.push(`remove ${name}`);
      return removeHeader.call(this, name);
    };
    next();
  };
}

/** The calls without X-Powered-By, which only Express sets by default. */
export const withoutPoweredBy = (calls) => calls.filter((call) => call !== "set X-Powered-By");
