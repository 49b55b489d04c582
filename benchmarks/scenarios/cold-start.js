import { servers } from "./servers.js";

export default {
  name: "cold-start",
  kind: "cold-start",
  title: "Cold start: process spawn to first correct answer (ms)",
  headline: true,
  servers: servers("hello", ["node", "lib-server", "polka", "express", "fastify"]),
  request: { path: "/" },
  expect: { status: 200, body: "ok" },
};
