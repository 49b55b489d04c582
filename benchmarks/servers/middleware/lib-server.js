import Server from "../../../src/index.js";
import middlewareApp from "./app.js";
import { port, host, ready } from "../ready.js";

middlewareApp(new Server()).listen(port, host, ready);
