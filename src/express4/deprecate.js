// Express 4's deprecation warnings, through depd under Express's own namespace: printed once
// per call site as Express 4 prints them ("express deprecated res.json(obj, status): ..."),
// silenced as Express 4's are (--no-deprecation, NO_DEPRECATION=express).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export const deprecate = require("depd")("express");

// depd itself, for a module that warns with deprecate(msg) from inside its own functions: it
// makes its own, depd("express"), as each of Express 4's files does. depd finds the caller to
// report (and to warn once for) past the frames of the file that made the deprecate function.
export const depd = require("depd");
