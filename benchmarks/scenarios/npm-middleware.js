import { servers } from "./servers.js";
import { NAMES, answerOf, users } from "../servers/npm-middleware/api.js";

// Issue 38: the popular npm middleware, one at a time before res.json, on lib-server and
// Express 5, called by hand on node:http (the floor), and Fastify's own plugins doing the same
// (morgan: Fastify's request logger), ETags on everywhere.
const REQUEST_HEADERS = {
  helmet: {},
  cors: { origin: "https://app.example" },
  "cookie-parser": { cookie: "theme=dark; session=abc123" },
  morgan: { "user-agent": "bench" },
  compression: { "accept-encoding": "gzip" },
};

const EXPECTED_HEADERS = {
  helmet: { "x-content-type-options": "nosniff", "content-security-policy": true },
  cors: { "access-control-allow-origin": "*" },
  "cookie-parser": {},
  morgan: {},
  compression: { "content-encoding": "gzip" },
};

export default {
  name: "npm-middleware",
  title: "One npm middleware (helmet, cors, cookie-parser, morgan, compression), then res.json",
  servers: servers("npm-middleware", [
    "lib-server",
    "express",
    { name: "fastify-plugins", file: "fastify", label: "Fastify's plugins + @fastify/etag" },
    { name: "node-express-headers", file: "node" },
  ]),
  cases: NAMES.map((name) => ({
    name,
    title: `GET /${name} → ${name}, res.json`,
    request: { path: `/${name}`, headers: REQUEST_HEADERS[name] },
    expect: {
      status: 200,
      ...(name === "compression" ? { gzippedJson: users } : { json: answerOf(name, { theme: "dark" }) }),
      headers: { etag: true, ...EXPECTED_HEADERS[name] },
    },
  })),
};
