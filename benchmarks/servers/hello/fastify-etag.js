// Fastify doing the work Express's default ETag does: @fastify/etag, weak tags (SHA-1, its
// default), registered as its readme shows. Fastify alone sends no ETag.
import Fastify from "fastify";
import etag from "@fastify/etag";
import { port, host, ready } from "../ready.js";

const app = Fastify();
app.register(etag, { weak: true });
app.get("/", (request, reply) => {
  reply.send("ok");
});
app.listen({ port, host }).then(ready);
