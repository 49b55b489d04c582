import { servers } from "./servers.js";

export default {
  name: "memory",
  kind: "memory",
  title: "Memory (RSS, MB) of the hello server: at rest, peak under load, after load",
  headline: true,
  servers: servers("hello", ["node", "lib-server-lean", "lib-server", "express", "express4", "fastify", "polka"]),
  request: { path: "/" },
  expect: { status: 200, body: "ok" },
};
