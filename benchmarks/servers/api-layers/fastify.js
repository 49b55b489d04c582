import { apiLayersFastify } from "./fastify-app.js";
import { port, host, ready } from "../ready.js";

apiLayersFastify({ withETag: false }).listen({ port, host }).then(ready);
