import { join } from "node:path";
import { servers } from "./servers.js";
import { send } from "../lib/http-check.js";
import { STATIC_FILES_ROOT, ensureStaticFixtures } from "./static-fixtures.js";

// Servers written by the static helper (benchmarks/servers/static/). Each peer
// is set up the way its own documentation sets it up for production (see each
// script, and "How each static-file peer is configured" in benchmarks/NOTES.md).
// @fastify/static runs without the JSON listing the listing scenario needs
// (fastify-static.js): Fastify users register it with a root and nothing else.
export const staticServers = servers("static", [
  "lib-server",
  { name: "lib-server-raw", label: "lib-server static on node:http" },
  { name: "express", label: "Express 5 + express.static" },
  { name: "serve-static", label: "serve-static on node:http" },
  { name: "sirv", label: "sirv on node:http" },
  { name: "fastify-static", file: "fastify-static-files" },
]);

// Warm-up: the same number of requests for every server, enough for V8 to have
// optimized the hot code (the suite's default, 3,000 requests cut off after 1 s,
// left the 304 and 404 cases to be timed while some servers were still compiling).
// The time limit only stops a server that hangs.
const warmup = (requests) => ({ requests, seconds: 60 });

const file = (name, contentType, more) => ({
  name: name.split(".")[0],
  title: `GET /${name}`,
  request: { path: `/${name}` },
  expect: { status: 200, bodyFile: join(STATIC_FILES_ROOT, name), headers: { "content-type": contentType } },
  warmup: warmup(20_000),
  ...more,
});

// A 304 needs the validator this very server handed out.
async function conditionalHeaders(url) {
  const { headers } = await send(url, { path: "/1kb.txt" });
  if (headers.etag) return { headers: { "if-none-match": headers.etag } };
  if (headers["last-modified"]) return { headers: { "if-modified-since": headers["last-modified"] } };
  return undefined; // the check then fails on a 200: reported, not timed
}

export default {
  name: "static",
  title: "Static files: 1 KB, 100 KB, 1 MB, a 404 and a 304",
  headline: true,
  prepare: ensureStaticFixtures,
  // The files only, not the listing scenario's 11,000 files (make-static.js says why).
  env: { STATIC_ROOT: STATIC_FILES_ROOT },
  servers: staticServers,
  cases: [
    file("1kb.txt", /^text\/plain/),
    file("100kb.js", /javascript/, { warmup: warmup(5_000) }),
    // 100 connections × 1 MB in flight make a short run end before any answer
    // completes; 10 still saturate loopback. A few hundred megabytes prove
    // nothing more in smoke mode than thirty. autocannon decodes every body into a
    // string, so at 1 MB it saturates its core at the same req/s whatever the
    // server (benchmarks/NOTES.md, "Static 1 MB: where the time goes"): servers are ranked
    // by CPU per request.
    file("1mb.bin", /^application\/octet-stream/, {
      connections: 10,
      smokeRequests: 30,
      primary: "cpu",
      warmup: warmup(500),
    }),
    {
      name: "404",
      title: "GET /missing.txt → 404",
      request: { path: "/missing.txt" },
      expect: { status: 404 },
      warmup: warmup(20_000),
    },
    {
      name: "304",
      title: "GET /1kb.txt with a matching validator → 304",
      request: { path: "/1kb.txt" },
      prepare: conditionalHeaders,
      expect: { status: 304, body: "" },
      warmup: warmup(20_000),
    },
  ],
};
