import Server from "../../../src/index.js";
import npmMiddlewareApp from "./app.js";
import { port, host, ready } from "../ready.js";

npmMiddlewareApp(new Server()).listen(port, host, ready);
