import Server from "../../../src/index.js";
import helloApp from "./app.js";
import { port, host, ready } from "../ready.js";

helloApp(new Server()).listen(port, host, ready);
