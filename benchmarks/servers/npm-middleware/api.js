// The npm-middleware scenario: one route per popular Express middleware, each answering with
// JSON; what every server answers, and the log stream morgan (or Fastify's logger) writes to.
import { Writable } from "node:stream";
import { userOf } from "../real-world/api.js";

export const NAMES = ["helmet", "cors", "cookie-parser", "morgan", "compression"];

// Big enough for compression's default 1 KB threshold: 40 users, about 2.6 KB of JSON.
export const users = Array.from({ length: 40 }, (_, index) => userOf(String(index), "dark"));

// What each route answers: the cookie route shows what cookie-parser read.
export function answerOf(name, cookies) {
  if (name === "compression") return users;
  return userOf("42", name === "cookie-parser" ? cookies.theme : "none");
}

// A log line is formatted and written, then dropped: the middleware's work, not the disk's.
export const discard = () =>
  new Writable({
    write(chunk, encoding, callback) {
      callback();
    },
  });
