import Fastify from "fastify";
import { routePaths } from "./routes.js";
import { port, host, ready } from "../ready.js";

function showUser(request, reply) {
  reply.send({ id: request.params.id, page: request.query.page });
}

const app = Fastify();
for (const path of routePaths) app.get(path, showUser);
app.listen({ port, host }).then(ready);
