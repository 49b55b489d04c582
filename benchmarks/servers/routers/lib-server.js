import Server from "../../../src/index.js";
import routersApp from "./app.js";
import { port, host, ready } from "../ready.js";

routersApp(new Server(), Server.Router).listen(port, host, ready);
