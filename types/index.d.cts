// Declarations for the CommonJS entry, `require("lib-server")`: the Server factory itself
// (as require("express") does), whose properties are every named export of the ES module
// and whose namespace holds its types, both declared in index.d.ts:
//   import express = require("lib-server");
//   const app = express();
//   function handler(req: express.Request, res: express.Response) {}
import type * as lib from "./index.js" with { "resolution-mode": "import" };

export = lib.Server;
