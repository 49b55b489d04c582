import Fastify from "fastify";
import { port, host, ready } from "../ready.js";

const app = Fastify();
app.get("/", (request, reply) => {
  reply.send("ok");
});
app.listen({ port, host }).then(ready);
