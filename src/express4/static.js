// express.static of the Express 4 mode: serve-static 1.16, which is serve-static 2 on send
// 0.19: the default mode's static files (src/static) with send 0.19's rules (send.js).
import { createServeStatic } from "../static/index.js";
import { mime } from "./mime.js";
import { send019, warnHidden } from "./send.js";

export function serveStatic(root, options) {
  const middleware = createServeStatic(root, options, send019);
  if (options?.hidden === undefined) return middleware;
  return function serveStatic(req, res, next) {
    warnHidden(options); // on a request, from this one line: once per process, as send's
    middleware(req, res, next);
  };
}

// serve-static's `mime` (send's mime 1.x object), made on first use.
Object.defineProperty(serveStatic, "mime", { configurable: true, enumerable: true, get: mime });
