// Express 4's deprecation warnings, through depd under Express's own namespace: printed once
// per call site as Express 4 prints them ("express deprecated res.json(obj, status): ..."),
// silenced as Express 4's are (--no-deprecation, NO_DEPRECATION=express).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export const deprecate = require("depd")("express");
