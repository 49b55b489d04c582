import { servers } from "./servers.js";

export default {
  name: "params",
  title: "Route parameter among 100 routes, with a query string",
  headline: true,
  servers: servers("params", ["node", "lib-server", "express", "express4", "fastify", "polka"]),
  cases: [
    {
      name: "params",
      title: "GET /r57/users/42?page=2 → {id, page}",
      request: { path: "/r57/users/42?page=2" },
      expect: { status: 200, json: { id: "42", page: "2" }, headers: { "content-type": /^application\/json/ } },
    },
  ],
};
