// send 0.19's rules, where Express 4's static files and res.sendFile differ from the default
// mode's (send 1.x): Content-Types from mime 1.x with their charset, and without a `dotfiles`
// option the legacy rule: only a path ending in a dotfile is ignored, or served with the
// deprecated `hidden: true`. For createServeStatic and createSendFile (src/static).
import { createRequire } from "node:module";
import { contentTypeOf } from "./mime.js";

const require = createRequire(import.meta.url);
const deprecate = require("depd")("send"); // send's namespace, as its warnings

export const send019 = { typeOf: contentTypeOf, dotfiles: legacyDotfiles };

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
