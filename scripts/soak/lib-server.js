// The soak app on lib-server (benchmark server contract: $PORT on 127.0.0.1, then READY).
import Server from "../../src/index.js";
import { port, host, ready } from "../../benchmarks/servers/ready.js";
import soakApp from "./app.js";

soakApp(Server, process.env.STATIC_ROOT).listen(port, host, ready);
