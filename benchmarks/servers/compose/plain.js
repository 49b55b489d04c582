import Server from "../../../src/index.js";
import { plainApp } from "./app.js";
import { port, host, ready } from "../ready.js";

plainApp(new Server()).listen(port, host, ready);
