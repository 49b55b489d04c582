// lib-server: `import Server from "lib-server"` (or `import express from "lib-server"`).
import Server from "./application.js";
import { Router } from "./router.js";
import { Route } from "./route.js";
import { Request } from "./request.js";
import { Response } from "./response.js";

Server.Router = Router;
Server.Route = Route;
Server.Server = Server;

export default Server;
export { Server, Router, Route, Request, Response };
