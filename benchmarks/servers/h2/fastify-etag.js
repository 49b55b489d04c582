// Fastify over HTTP/2 (fastify-app.js) doing the work Express's default ETag does:
// @fastify/etag with weak tags, like for like with lib-server's default.
import etag from "@fastify/etag";
import { serveFastify } from "./fastify-app.js";

serveFastify((app) => app.register(etag, { weak: true }));
