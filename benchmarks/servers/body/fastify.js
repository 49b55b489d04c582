// Fastify with its own JSON body parser.
import Fastify from "fastify";
import { port, host, ready } from "../ready.js";

const app = Fastify();
app.post("/echo", (request, reply) => {
  reply.send(request.body);
});
app.listen({ port, host }).then(ready);
