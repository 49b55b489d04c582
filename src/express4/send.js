// send 0.19's rules, where Express 4's static files and res.sendFile differ from the default
// mode's (send 1.x): Content-Types from mime 1.x with their charset, without a `dotfiles`
// option the legacy rule (only a path ending in a dotfile is ignored, or served with the
// deprecated `hidden: true`), and fresh 0.5's and range-parser 1.2's readings of validators
// and ranges. For createServeStatic and createSendFile (src/static).
import { createRequire } from "node:module";
import { contentTypeOf } from "./mime.js";
import { fresh05, parseRange12 } from "../deps.js";

const require = createRequire(import.meta.url);
const deprecate = require("depd")("send"); // send's namespace, as its warnings

// req.fresh and req.range of the Express 4 mode read them so too (request.js).
export const send019 = {
  typeOf: contentTypeOf,
  dotfiles: legacyDotfiles,
  headerRules: { fresh: fresh05, parseRange: parseRange12 },
};

function legacyDotfiles(options) {
  if (options?.dotfiles !== undefined) return undefined; // the option's
  return options?.hidden ? "allow" : "ignore-last";
}

/**
 * send's warning for options with `hidden`, which it gives on each send (so once per
 * caller's line, as depd warns): call it where a file is about to be sent.
 */
export function warnHidden(options) {
  if (options?.hidden !== undefined)
    deprecate(`hidden: use dotfiles: '${options.hidden ? "allow" : "ignore"}' instead`);
}
