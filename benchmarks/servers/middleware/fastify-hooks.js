// stack.js translated to Fastify onRequest hooks (shared with the routers scenario).
import { TOKEN } from "./stack.js";

let lastRequestId = 0;

function requestId(request, reply, done) {
  request.requestId = ++lastRequestId;
  done();
}

function poweredBy(request, reply, done) {
  reply.header("x-powered-by", "bench");
  done();
}

function cors(request, reply, done) {
  reply.header("access-control-allow-origin", "*");
  done();
}

function auth(request, reply, done) {
  if (request.headers.authorization !== TOKEN) {
    reply.code(401).send("unauthorized");
    return;
  }
  request.user = "bench";
  done();
}

function timing(request, reply, done) {
  request.startedAt = performance.now();
  done();
}

// Decorating first keeps Fastify's request objects one shape, as its docs advise.
export function addMiddlewareHooks(app) {
  app.decorateRequest("requestId", 0);
  app.decorateRequest("user", null);
  app.decorateRequest("startedAt", 0);
  for (const hook of [requestId, poweredBy, cors, auth, timing]) app.addHook("onRequest", hook);
}
