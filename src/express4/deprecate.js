// Express 4's deprecation warnings, through depd under Express's own namespace: printed once
// per call site as Express 4 prints them ("express deprecated res.json(obj, status): ..."),
// silenced as Express 4's are (--no-deprecation, NO_DEPRECATION=express).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * depd itself, for a module that calls `deprecate(message)` in its own functions: it makes its
 * own `depd("express")`, since depd blames the first caller outside the module that made the
 * deprecate function (Express 4's lib/response.js does the same).
 */
export const depd = require("depd");

/** For deprecate.function(fn, message), which blames the caller of `fn` wherever it was made. */
export const deprecate = depd("express");
