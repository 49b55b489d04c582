import Fastify from "fastify";
import { port, host, ready } from "../ready.js";

const app = Fastify();
app.get("/", (request, reply) => {
  reply.send({ hello: "world" });
});
app.listen({ port, host }).then(ready);
