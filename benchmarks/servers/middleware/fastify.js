// Fastify runs middleware as hooks; these five do the same work as stack.js.
import Fastify from "fastify";
import { addMiddlewareHooks } from "./fastify-hooks.js";
import { port, host, ready } from "../ready.js";

const app = Fastify();
addMiddlewareHooks(app);
app.get("/", (request, reply) => {
  reply.send(request.user);
});
app.listen({ port, host }).then(ready);
