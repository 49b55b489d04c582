// Declarations for the CommonJS entry, `require("lib-server/express4")`: the Express 4 mode's
// factory itself, whose namespace holds its types, both declared in express4.d.ts:
//   import express = require("lib-server/express4");
//   function handler(req: express.Request, res: express.Response) {}
import type * as lib from "./express4.js" with { "resolution-mode": "import" };

export = lib.default;
