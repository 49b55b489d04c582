import { servers } from "./servers.js";
import { TOKEN, CORS_HEADERS, userOf } from "../servers/api-layers/stack.js";

// Issue 38's lean stack: five plain layers (try/catch guard, request id, bearer check, three
// CORS headers, json() on a bodiless GET) before res.json, against the same steps as Fastify
// onRequest hooks (with and without @fastify/etag) and written inline on node:http (the floor).
export default {
  name: "api-layers",
  title: "Five plain layers (guard, request id, bearer, CORS headers, json()), then res.json",
  headline: true,
  servers: servers("api-layers", [
    "lib-server",
    "lib-server-express4",
    "express",
    "express4",
    { name: "fastify-hooks", file: "fastify", label: "Fastify hooks" },
    { name: "fastify-hooks-etag", file: "fastify-etag", label: "Fastify hooks + @fastify/etag" },
    { name: "node-express-headers", file: "node" },
  ]),
  cases: [
    {
      name: "get-user",
      title: "GET /users/:id → res.json",
      request: { path: "/users/42", headers: { authorization: TOKEN } },
      expect: {
        status: 200,
        json: userOf("42"),
        headers: { ...CORS_HEADERS, "x-request-id": /^\d+$/, "content-type": /^application\/json/ },
      },
    },
  ],
};
