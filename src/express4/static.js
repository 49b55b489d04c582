// express.static of the Express 4 mode: serve-static 1.16 (send 0.19), the default mode's
// static files (src/static) with send 0.19's differences: Content-Types from mime 1.x with
// its charset ("text/html; charset=UTF-8"), and, without a `dotfiles` option, the legacy
// rule: only a path ending in a dotfile is ignored, or served with the deprecated `hidden`.
import { createRequire } from "node:module";
import { createServeStatic } from "../static/index.js";
import { contentTypeOf, mime } from "./mime.js";

const require = createRequire(import.meta.url);
const deprecate = require("depd")("send"); // send's namespace, as its warnings

export function serveStatic(root, options) {
  const hidden = options?.hidden;
  const legacy = options?.dotfiles === undefined;
  const middleware = createServeStatic(root, legacy && hidden ? { ...options, dotfiles: "allow" } : options, {
    typeOf: contentTypeOf,
    dotfiles: legacy && !hidden ? "ignore-last" : undefined,
  });
  if (hidden === undefined) return middleware;
  return function serveStatic(req, res, next) {
    warnHidden(hidden);
    middleware(req, res, next);
  };
}

// As send warns: on a request, from one call site (so once per process, whichever comes first).
function warnHidden(hidden) {
  deprecate(`hidden: use dotfiles: '${hidden ? "allow" : "ignore"}' instead`);
}

// serve-static's `mime` (send's mime 1.x object), made on first use.
Object.defineProperty(serveStatic, "mime", { configurable: true, enumerable: true, get: mime });
