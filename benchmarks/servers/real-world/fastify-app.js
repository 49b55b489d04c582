// The real-world stack as idiomatic Fastify: its own plugins (@fastify/helmet, @fastify/cors,
// @fastify/cookie), onRequest hooks for the request id and the bearer check, its JSON body
// parser, routes under the /api prefix; `withETag` adds @fastify/etag's weak SHA-1 tags, the
// work res.json does by default.
import Fastify from "fastify";
import helmet from "@fastify/helmet";
import cors from "@fastify/cors";
import cookie from "@fastify/cookie";
import etag from "@fastify/etag";
import { TOKEN, userOf, createdUser } from "./api.js";

let lastRequestId = 0;

export function realWorldFastify({ withETag }) {
  const app = Fastify();
  app.decorateRequest("user", null);
  app.addHook("onRequest", (request, reply, done) => {
    const id = request.headers["x-request-id"] ?? String(++lastRequestId);
    reply.header("x-request-id", id);
    done();
  });
  app.register(cors);
  app.register(helmet);
  app.register(cookie);
  if (withETag) app.register(etag, { weak: true });
  app.addHook("onRequest", (request, reply, done) => {
    if (request.headers.authorization !== TOKEN) {
      reply.code(401).send({ error: "unauthorized" });
      return;
    }
    request.user = "bench";
    done();
  });
  app.register(
    async (api) => {
      api.get("/users/:id", (request, reply) => {
        reply.send(userOf(request.params.id, request.cookies.theme));
      });
      api.post("/users", (request, reply) => {
        reply.code(201).send(createdUser(request.body));
      });
    },
    { prefix: "/api" },
  );
  return app;
}
