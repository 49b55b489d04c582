import polka from "polka";
import middlewareApp from "./app.js";
import { port, host, ready } from "../ready.js";

middlewareApp(polka()).listen(port, host, ready);
