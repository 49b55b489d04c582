import { servers } from "./servers.js";
import { STATIC_ROOT, ensureStaticFixtures } from "./static-fixtures.js";

// Only servers that can list a directory: lib-server (HTML or JSON by Accept)
// and @fastify/static (JSON listing on). serve-static and sirv cannot.
export default {
  name: "listing",
  title: "Directory listing of 10,000 files, as JSON",
  prepare: ensureStaticFixtures,
  env: { STATIC_ROOT },
  servers: servers("static", [
    "lib-server",
    { name: "lib-server-raw", label: "lib-server static on node:http" },
    "fastify-static",
  ]),
  cases: [
    {
      name: "listing",
      title: "GET /list-10000/ (Accept: application/json)",
      request: { path: "/list-10000/", headers: { accept: "application/json" } },
      // A listing may take a few hundred milliseconds to build: 100 queued
      // connections would only measure autocannon's timeouts, and a short run
      // might see no answer complete.
      connections: 2,
      minDuration: 3,
      smokeRequests: 10,
      // @fastify/static lists a directory at its path without the trailing
      // slash and answers 404 with it.
      prepare: (url, serverName) => (serverName === "fastify-static" ? { path: "/list-10000" } : undefined),
      expect: {
        status: 200,
        headers: { "content-type": /^application\/json/ },
        contains: ['"file-00000.txt"', '"file-09999.txt"'],
      },
    },
  ],
};
