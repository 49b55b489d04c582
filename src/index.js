// lib-server: `import Server from "lib-server"` (or `import express from "lib-server"`).
import Server from "./application.js";
import { Router } from "./router.js";
import { Route } from "./route.js";
import { Request } from "./request.js";
import { Response } from "./response.js";
import { json, raw, text, urlencoded } from "./body/index.js";
import { serveStatic } from "./static.js";
import { compose } from "./compose.js";
import { cluster } from "./cluster.js";

// Express's statics, so `express.json()` and friends keep working after the import swap.
Object.assign(Server, { Router, Route, Server, json, raw, text, urlencoded, static: serveStatic, compose, cluster });

export default Server;
export { Server, Router, Route, Request, Response, json, raw, text, urlencoded, serveStatic, compose, cluster };
