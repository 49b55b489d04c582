// express.query(options): Express 4's query middleware, which sets req.query when nothing
// did before it (an app's router already has). `options` are qs.parse's (allowPrototypes
// true unless given), or a function to parse the query string with instead.
import { qs } from "../deps.js";
import { queryStringOf } from "../url.js";

export function query(options) {
  let parse = (text, opts) => qs().parse(text, opts);
  let opts;
  if (typeof options === "function") {
    parse = options;
  } else {
    opts = {};
    for (const key in options) opts[key] = options[key]; // utils-merge: inherited keys too
    if (opts.allowPrototypes === undefined) opts.allowPrototypes = true; // qs back-compat
  }

  return function query(req, res, next) {
    if (!req.query) req.query = parse(queryStringOf(req.url), opts);
    next();
  };
}
