import Server from "../../../src/index.js";
import realWorldApp from "./app.js";
import { port, host, ready } from "../ready.js";

realWorldApp(new Server(), Server).listen(port, host, ready);
