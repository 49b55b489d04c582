import { realWorldFastify } from "./fastify-app.js";
import { port, host, ready } from "../ready.js";

realWorldFastify({ withETag: true }).listen({ port, host }).then(ready);
