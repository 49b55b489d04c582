import Server from "../../../src/index.js";
import paramsApp from "./app.js";
import { port, host, ready } from "../ready.js";

paramsApp(new Server()).listen(port, host, ready);
