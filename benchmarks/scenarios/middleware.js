import { servers } from "./servers.js";
import { TOKEN } from "../servers/middleware/stack.js";

// What the five middleware leave behind, checked on every server.
export const middlewareHeaders = { "x-powered-by": "bench", "access-control-allow-origin": "*" };

export default {
  name: "middleware",
  title: "Five middleware (request id, powered-by, CORS, auth, timing), then a route",
  headline: true,
  servers: servers("middleware", ["node", "lib-server", "express", "express4", "fastify", "polka"]),
  cases: [
    {
      name: "middleware",
      title: "GET / with a bearer token → user name",
      request: { path: "/", headers: { authorization: TOKEN } },
      expect: { status: 200, body: "bench", headers: middlewareHeaders },
    },
  ],
};
