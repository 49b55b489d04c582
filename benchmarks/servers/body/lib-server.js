import Server from "../../../src/index.js";
import bodyApp from "./app.js";
import { port, host, ready } from "../ready.js";

bodyApp(new Server(), Server.json()).listen(port, host, ready);
