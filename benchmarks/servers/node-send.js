// What Express's res.send writes for a string body, by hand on node:http: Content-Type,
// Content-Length and the weak ETag Express computes per response (a SHA-1 of the body).
// The "hand-written node:http equivalent" of an Express-style app (issue 11); the plain
// node.js servers are the ceiling, with no headers at all.
import { hash } from "node:crypto";

export function sendLikeExpress(res, body, type) {
  const length = Buffer.byteLength(body);
  res.setHeader("Content-Type", type);
  res.setHeader("Content-Length", length);
  res.setHeader("ETag", `W/"${length.toString(16)}-${hash("sha1", body, "base64").slice(0, 27)}"`);
  res.end(body);
}
