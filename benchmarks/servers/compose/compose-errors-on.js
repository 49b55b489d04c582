import Server, { compose } from "../../../src/index.js";
import { composeApp } from "./app.js";
import { port, host, ready } from "../ready.js";

composeApp(new Server(), compose, { errors: true }).listen(port, host, ready);
