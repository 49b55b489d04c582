// Fastify's HTTP/2 as its documentation sets it up: `http2: true`, and `https`
// with allowHTTP1 (HTTP/1.1 fallback, as lib-server's) over TLS; the static
// file through @fastify/static.
import Fastify from "fastify";
import fastifyStatic from "@fastify/static";
import { tls } from "./tls.js";
import { root } from "../static/root.js";
import { port, host, ready } from "../ready.js";

const app = Fastify(tls ? { http2: true, https: { allowHTTP1: true, ...tls } } : { http2: true });
app.get("/hello", (request, reply) => {
  reply.send("ok");
});
app.get("/json", (request, reply) => {
  reply.send({ hello: "world" });
});
app.register(fastifyStatic, { root });
app.listen({ port, host }).then(ready);
