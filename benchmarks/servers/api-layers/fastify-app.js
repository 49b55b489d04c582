// stack.js as Fastify onRequest hooks: the guard, the request id, the bearer check and the
// CORS headers as four hooks, Fastify's own JSON body parser for json(); `withETag` adds
// @fastify/etag's weak SHA-1 tags, the work res.json does by default.
import Fastify from "fastify";
import etag from "@fastify/etag";
import { TOKEN, CORS_HEADERS, userOf, nextRequestId } from "./stack.js";

function guard(request, reply, done) {
  try {
    done();
  } catch (error) {
    done(error);
  }
}

function requestId(request, reply, done) {
  reply.header("x-request-id", nextRequestId());
  done();
}

function bearer(request, reply, done) {
  if (request.headers.authorization !== TOKEN) {
    reply.code(401).send({ error: "unauthorized" });
    return;
  }
  request.user = "bench";
  done();
}

function corsHeaders(request, reply, done) {
  reply.headers(CORS_HEADERS);
  done();
}

export function apiLayersFastify({ withETag }) {
  const app = Fastify();
  app.decorateRequest("user", null);
  if (withETag) app.register(etag, { weak: true });
  for (const hook of [guard, requestId, bearer, corsHeaders]) app.addHook("onRequest", hook);
  app.get("/users/:id", (request, reply) => {
    reply.send(userOf(request.params.id));
  });
  return app;
}
