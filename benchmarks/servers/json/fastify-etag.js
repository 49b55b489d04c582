// Fastify with @fastify/etag's weak SHA-1 tags: the same work as Express's default ETag.
import Fastify from "fastify";
import etag from "@fastify/etag";
import { port, host, ready } from "../ready.js";

const app = Fastify();
app.register(etag, { weak: true });
app.get("/", (request, reply) => {
  reply.send({ hello: "world" });
});
app.listen({ port, host }).then(ready);
