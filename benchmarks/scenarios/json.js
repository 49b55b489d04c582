import { servers } from "./servers.js";

export default {
  name: "json",
  title: "JSON: GET / answers {hello: 'world'}",
  headline: true,
  servers: servers("json", [
    "node",
    "node-express-headers",
    "lib-server",
    { name: "lib-server-no-etag", label: "lib-server, etag off" },
    "express",
    "express4",
    "fastify",
    "fastify-etag",
    "polka",
  ]),
  cases: [
    {
      name: "json",
      title: "GET / → JSON",
      request: { path: "/" },
      expect: { status: 200, json: { hello: "world" }, headers: { "content-type": /^application\/json/ } },
    },
  ],
};
