import { servers } from "./servers.js";

// The hello app again, with 10, 100 and 1,000 concurrent connections.
export default {
  name: "scaling",
  title: "Hello world with 10, 100 and 1,000 connections",
  // Smoke checks answers, which hello already does for these very servers.
  smokeSkip: "same servers and answers as hello",
  servers: servers("hello", ["node", "lib-server-lean", "lib-server", "express", "fastify"]),
  cases: [10, 100, 1000].map((connections) => ({
    name: `c${connections}`,
    title: `${connections.toLocaleString("en-US")} connections`,
    connections,
    request: { path: "/" },
    expect: { status: 200, body: "ok" },
  })),
};
