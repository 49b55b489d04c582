import Server from "../../../src/index.js";
import apiLayersApp from "./stack.js";
import { port, host, ready } from "../ready.js";

apiLayersApp(new Server(), Server).listen(port, host, ready);
