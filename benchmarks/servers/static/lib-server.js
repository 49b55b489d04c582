// lib-server's static module through the core app.
import Server from "../../../src/index.js";
import { port, host, ready } from "../ready.js";
import { root } from "./root.js";

const app = new Server();
app.use(Server.static(root, { listing: true }));
app.listen(port, host, ready);
