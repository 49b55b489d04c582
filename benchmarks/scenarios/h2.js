// HTTP/2 with h2load: the same three answers over h2c (prior knowledge) and over h2
// with TLS, from lib-server's `listen({ http2: true })` (ETag on, and off as Fastify's),
// Fastify's `http2: true` (alone, and with @fastify/etag) and
// a hand-written node:http2 server sending the same headers (compatibility API, and
// the core stream API to show what that layer costs).
import { join } from "node:path";
import { servers } from "./servers.js";
import { STATIC_FILES_ROOT, ensureStaticFixtures } from "./static-fixtures.js";
import { TLS_ENV, ensureH2Tools } from "./h2-fixtures.js";

// 100 requests in flight, as the HTTP/1.1 scenarios' 100 connections: 10 × 10 streams.
const LOAD = { connections: 10, streams: 10 };

const CASES = [
  { name: "hello", title: "GET /hello → ok", request: { path: "/hello" }, expect: { status: 200, body: "ok" } },
  {
    name: "json",
    title: "GET /json → JSON",
    request: { path: "/json" },
    expect: { status: 200, json: { hello: "world" }, headers: { "content-type": /^application\/json/ } },
  },
  {
    name: "1kb",
    title: "GET /1kb.txt (static)",
    request: { path: "/1kb.txt" },
    expect: { status: 200, bodyFile: join(STATIC_FILES_ROOT, "1kb.txt"), headers: { "content-type": /^text\/plain/ } },
  },
].map((c) => ({ ...c, ...LOAD }));

const SERVERS = servers("h2", [
  { name: "lib-server", label: "lib-server (listen, http2: true)" },
  { name: "lib-server-no-etag", label: "lib-server, etag off" },
  { name: "fastify", label: "Fastify (http2: true)" },
  { name: "fastify-etag", label: "Fastify + @fastify/etag (http2: true)" },
  { name: "node", label: "node:http2, same headers (compat API)" },
  { name: "node-stream", label: "node:http2, same headers (stream API)" },
]);

async function prepare(context) {
  return ensureH2Tools() ?? (await ensureStaticFixtures(context));
}

export const h2c = {
  name: "h2c",
  title: "HTTP/2 without TLS (h2c, prior knowledge): hello, JSON and a 1 KB static file",
  headline: true,
  client: "h2load",
  prepare,
  env: { STATIC_ROOT: STATIC_FILES_ROOT },
  servers: SERVERS,
  cases: CASES,
};

export const h2Tls = {
  ...h2c,
  name: "h2-tls",
  title: "HTTP/2 over TLS: hello, JSON and a 1 KB static file",
  tls: true,
  env: { ...h2c.env, ...TLS_ENV },
};
