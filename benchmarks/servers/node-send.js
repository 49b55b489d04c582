// What Express's res.send writes for a string body, by hand on node:http: Content-Type,
// Content-Length and the weak ETag Express computes per response (a SHA-1 of the body).
// The "hand-written node:http equivalent" of an Express-style app (issue 11); the plain
// node.js servers are the ceiling, with no headers at all.
import { hash } from "node:crypto";

export function sendLikeExpress(res, body, type) {
  res.setHeader("Content-Type", type);
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.setHeader("ETag", expressEtag(body));
  res.end(body);
}

// Express's default ETag for a string body: weak, length and SHA-1.
export function expressEtag(body) {
  return `W/"${Buffer.byteLength(body).toString(16)}-${hash("sha1", body, "base64").slice(0, 27)}"`;
}
