// Plain Fastify over HTTP/2 (fastify-app.js): no ETag.
import { serveFastify } from "./fastify-app.js";

serveFastify();
