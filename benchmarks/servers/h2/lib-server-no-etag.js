// lib-server's switch as in lib-server.js, with app.disable("etag"): like for like with
// plain Fastify, which sends no ETag.
import Server from "../../../src/index.js";
import h2App from "./app.js";
import { tls } from "./tls.js";
import { port, host, ready } from "../ready.js";

const app = new Server();
app.disable("etag");
h2App(app).listen({ port, host, http2: true, ...tls }, ready);
