// Fastify's routers are plugins registered under a prefix.
import Fastify from "fastify";
import { addMiddlewareHooks } from "../middleware/fastify-hooks.js";
import { ROUTER_NAMES, routePaths } from "./routes.js";
import { port, host, ready } from "../ready.js";

function routerPlugin(name) {
  return async function router(instance) {
    const show = (request, reply) => {
      reply.send({ router: name, id: request.params.id });
    };
    for (const path of routePaths) instance.get(path, show);
  };
}

const app = Fastify();
addMiddlewareHooks(app);
for (const name of ROUTER_NAMES) app.register(routerPlugin(name), { prefix: `/${name}` });
app.listen({ port, host }).then(ready);
