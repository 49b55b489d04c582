import { servers } from "./servers.js";
import { payload } from "../servers/body/payload.js";
import { TOKEN, userOf, createdUser } from "../servers/real-world/api.js";

// A real API's middleware stack (issue 38): benchmarks/servers/real-world/app.js on
// lib-server (and its Express 4 mode), Express 5 and Express 4, and the same work as idiomatic Fastify with its own
// plugins, with and without ETags (res.json sends one by default), and the same work written by
// hand on node:http with the same npm middleware (the floor).
const headers = { authorization: TOKEN, cookie: "theme=dark; session=abc123", "x-request-id": "req-1" };
const stackHeaders = {
  "x-request-id": "req-1",
  "access-control-allow-origin": "*",
  "x-content-type-options": "nosniff",
  "content-type": /^application\/json/,
};

export default {
  name: "real-world",
  title: "A real API's stack: request id, cors, helmet, cookie-parser, bearer check, json(), router at /api",
  headline: true,
  servers: servers("real-world", [
    "lib-server",
    "lib-server-express4",
    "express",
    "express4",
    "fastify",
    "fastify-etag",
    { name: "node-express-headers", file: "node" },
  ]),
  cases: [
    {
      name: "get-user",
      title: "GET /api/users/:id → res.json",
      request: { path: "/api/users/42", headers },
      expect: { status: 200, json: userOf("42", "dark"), headers: stackHeaders },
    },
    {
      name: "post-user",
      title: "POST /api/users with 1 KB of JSON → 201 res.json",
      request: {
        method: "POST",
        path: "/api/users",
        headers: { ...headers, "content-type": "application/json" },
        body: payload,
      },
      expect: { status: 201, json: createdUser(JSON.parse(payload)), headers: stackHeaders },
    },
  ],
};
