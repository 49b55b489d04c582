// Fastify's HTTP/2 as its documentation sets it up: `http2: true`, and `https` with
// allowHTTP1 (HTTP/1.1 fallback, as lib-server's) over TLS; the hello and json routes of the
// h2 scenarios and the static file through @fastify/static. `plugins(app)` registers what a
// variant adds first.
import Fastify from "fastify";
import fastifyStatic from "@fastify/static";
import { tls } from "./tls.js";
import { root } from "../static/root.js";
import { port, host, ready } from "../ready.js";

export function serveFastify(plugins = () => {}) {
  const app = Fastify(tls ? { http2: true, https: { allowHTTP1: true, ...tls } } : { http2: true });
  plugins(app);
  app.get("/hello", (request, reply) => {
    reply.send("ok");
  });
  app.get("/json", (request, reply) => {
    reply.send({ hello: "world" });
  });
  app.register(fastifyStatic, { root });
  app.listen({ port, host }).then(ready);
}
