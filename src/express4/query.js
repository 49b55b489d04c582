// Express 4's query strings: req.query as its "query" middleware leaves it (parsed once with
// the app's "query parser fn", then a plain property of the request that middleware may edit
// or replace; parsed when first read here, so a request that never reads it pays nothing),
// and express.query(options), that middleware as Express 4 exports it.
import { qs } from "../deps.js";
import { compileQueryParser as compileExpress5 } from "../settings.js";
import { queryStringOf } from "../url.js";

/** Express 4's "query parser" values: its "extended" lets arrays reach 1000 items (Express 5's 20). */
export function compileQueryParser(value) {
  return value === "extended" ? parseExtended : compileExpress5(value);
}

const parseExtended = (str) => qs().parse(str, { allowPrototypes: true, arrayLimit: 1000 });

/**
 * The request's query as Express 4's middleware parsed it on the way in: from the URL the request
 * came with (a later rewrite of req.url keeps it) and with the parser of the outermost app.
 */
export function parseQuery(req) {
  let app = req.app;
  while (app.parent) app = app.parent;
  const settings = app.settings;
  const parse = settings["query parser fn"];
  const str = queryStringOf(req.originalUrl || req.url);
  if (parse) return parse(str);
  // "query parser" false gives {}; with no setting at all, Express 4's middleware falls back to qs.
  return "query parser fn" in settings ? {} : qs().parse(str, { allowPrototypes: true });
}

/**
 * express.query(options): sets req.query when nothing did before it (an app's router already
 * has). `options` are qs.parse's (allowPrototypes true unless given), or a function to parse
 * the query string with instead.
 */
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
