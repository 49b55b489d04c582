import { servers } from "./servers.js";

export default {
  name: "hello",
  title: "Hello world: GET / answers the text ok",
  headline: true,
  servers: servers("hello", [
    "node",
    "node-express-headers",
    "lib-server-lean",
    "lib-server",
    "express",
    "express4",
    "fastify",
    "fastify-etag",
    "polka",
  ]),
  cases: [{ name: "hello", title: "GET / → ok", request: { path: "/" }, expect: { status: 200, body: "ok" } }],
};
