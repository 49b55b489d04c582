// Runs one app on Express 5 and on lib-server side by side (test/helpers/server.js
// startPair), lib-server started either through `http.createServer(app)` or through its own
// `app.listen()`, and talks to both with a hand-kept cookie jar.
import { describe, beforeAll, afterAll } from "vitest";
import { startPair, request } from "../helpers/server.js";
import { expectConsoleErrors } from "../helpers/logs.js";

/** The two ways lib-server takes requests: Node's plain objects, or its own subclasses. */
export const LIB_MODES = ["createServer", "listen"];

/** describe() once per lib-server start mode; `body(mode)` registers the tests. */
export function forEachMode(title, body) {
  for (const mode of LIB_MODES) describe(`${title} [lib-server via ${mode}]`, () => body(mode));
}

/**
 * Registers beforeAll/afterAll that start `startPair(build, { via: mode })` (Express 5 and
 * lib-server, see ../helpers/server.js) and close it; returns the pair object, filled in
 * once the pair is up. `expectedErrors` (a RegExp): the errors the tests provoke, which
 * the final handlers log, kept off the output meanwhile (see ../helpers/logs.js).
 */
export function usePair(build, mode, { expectedErrors } = {}) {
  const pair = {};
  if (expectedErrors) expectConsoleErrors(expectedErrors);
  beforeAll(async () => {
    Object.assign(pair, await startPair(build, { via: mode }));
  });
  afterAll(() => pair.close?.());
  return pair;
}

/** Browser-like cookie storage for one client: remembers Set-Cookie, sends Cookie. */
export class CookieJar {
  cookies = new Map();

  store(response) {
    for (const line of [].concat(response.headers["set-cookie"] ?? [])) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      if (attributes.some(isExpiry)) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eq + 1).trim());
    }
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

// "Expires=<past>" or "Max-Age=0": the server asked the client to forget the cookie.
function isExpiry(attribute) {
  const [key, value = ""] = attribute.trim().split("=");
  const name = key.toLowerCase();
  return (name === "expires" && Date.parse(value) <= Date.now()) || (name === "max-age" && Number(value) <= 0);
}

/** A client with its own cookie jar: `send(req)` adds the Cookie header and stores replies. */
export function browser(target) {
  const jar = new CookieJar();
  return {
    jar,
    async send(req = {}) {
      const cookie = jar.header();
      const headers = cookie ? { ...req.headers, cookie } : req.headers;
      const response = await request(target, { ...req, headers });
      jar.store(response);
      return response;
    },
  };
}

/** Resolves once `check()` is true (e.g. a log line written after the response ended). */
export async function eventually(check, timeoutMs = 2000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
