import { apiLayersFastify } from "./fastify-app.js";
import { port, host, ready } from "../ready.js";

apiLayersFastify({ withETag: true }).listen({ port, host }).then(ready);
