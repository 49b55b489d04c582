// lib-server's own switch: h2 over TLS with HTTP/1.1 through ALPN when given a
// certificate, h2c (prior knowledge) and HTTP/1.1 on one port without.
import Server from "../../../src/index.js";
import h2App from "./app.js";
import { tls } from "./tls.js";
import { port, host, ready } from "../ready.js";

h2App(new Server()).listen({ port, host, http2: true, ...tls }, ready);
