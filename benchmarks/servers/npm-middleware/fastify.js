// The same work with Fastify's own plugins, one encapsulated context per route:
// @fastify/helmet, @fastify/cors, @fastify/cookie, Fastify's request logger (pino) for morgan,
// @fastify/compress; @fastify/etag everywhere for res.json's weak ETag, like for like.
import Fastify from "fastify";
import helmet from "@fastify/helmet";
import cors from "@fastify/cors";
import cookie from "@fastify/cookie";
import compress from "@fastify/compress";
import etag from "@fastify/etag";
import { NAMES, answerOf, discard } from "./api.js";
import { port, host, ready } from "../ready.js";

const PLUGINS = { helmet, cors, "cookie-parser": cookie, compression: compress };

// Logging is off but on the morgan route, which logs each request as morgan does.
const app = Fastify({ logger: { level: "silent", stream: discard() } });
app.register(etag, { weak: true });
for (const name of NAMES) {
  app.register(async (scope) => {
    if (PLUGINS[name]) await scope.register(PLUGINS[name]);
    scope.get(`/${name}`, { logLevel: name === "morgan" ? "info" : "silent" }, (request, reply) => {
      reply.send(answerOf(name, request.cookies));
    });
  });
}
app.listen({ port, host }).then(ready);
