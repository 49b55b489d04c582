import Server from "../../../src/index.js";
import jsonApp from "./app.js";
import { port, host, ready } from "../ready.js";

jsonApp(new Server()).listen(port, host, ready);
