// Fastify with its own JSON body parser and @fastify/etag's weak SHA-1 tags: the same work
// as an Express app's echo with the default ETag.
import Fastify from "fastify";
import etag from "@fastify/etag";
import { port, host, ready } from "../ready.js";

const app = Fastify();
app.register(etag, { weak: true });
app.post("/echo", (request, reply) => {
  reply.send(request.body);
});
app.listen({ port, host }).then(ready);
