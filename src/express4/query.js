// req.query as Express 4 has it: parsed once with the app's "query parser fn" (its "query"
// middleware), then a plain property of the request that middleware may edit or replace.
// Parsed when first read rather than on every request: a request that never reads it pays nothing.
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
