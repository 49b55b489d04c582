// No prototype pollution wherever request input becomes objects: query strings (simple and
// extended parsers), route params, JSON and urlencoded bodies, cookies (cookie-parser).
// Each attack form is sent, then `({}).polluted` must still be undefined, and every object
// the framework built must keep Object.prototype (or null) as its prototype.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import cookieParser from "cookie-parser";
import Server from "../../src/index.js";
import { request, serve } from "../helpers/server.js";

const KEY = "polluted";

const isClean = () =>
  ({})[KEY] === undefined && !Object.hasOwn(Object.prototype, KEY) && Object.prototype.constructor === Object;

// Parsers may build null-prototype objects through an empty, prototype-less class.
const isPlainPrototype = (proto) =>
  proto === null ||
  proto === Object.prototype ||
  proto === Array.prototype ||
  (Object.getPrototypeOf(proto) === null && Reflect.ownKeys(proto).length === 0);

/** True when no object reachable from `value` has had its prototype replaced. */
function prototypesIntact(value, seen = new Set()) {
  if (value === null || typeof value !== "object" || seen.has(value)) return true;
  seen.add(value);
  if (!isPlainPrototype(Object.getPrototypeOf(value))) return false;
  return Object.values(value).every((child) => prototypesIntact(child, seen));
}

// Query/form strings in every shape known to reach a prototype through a naive parser.
const QUERY_ATTACKS = [
  `__proto__[${KEY}]=1`,
  `__proto__.${KEY}=1`,
  `constructor[prototype][${KEY}]=1`,
  `constructor.prototype.${KEY}=1`,
  `a[__proto__][${KEY}]=1`,
  `a[constructor][prototype][${KEY}]=1`,
  `__proto__=${KEY}`,
  `[__proto__][${KEY}]=1`,
  `__proto__[][${KEY}]=1`,
  `a=1&__proto__[${KEY}]=1&__proto__[${KEY}]=2`,
];

const JSON_ATTACKS = [
  `{"__proto__":{"${KEY}":1}}`,
  `{"constructor":{"prototype":{"${KEY}":1}}}`,
  `{"a":{"__proto__":{"${KEY}":1}}}`,
  `[{"__proto__":{"${KEY}":1}}]`,
];

const COOKIE_ATTACKS = [
  `__proto__=${KEY}`,
  `__proto__=j:{"${KEY}":1}`,
  `a=j:{"__proto__":{"${KEY}":1}}`,
  `constructor=j:{"prototype":{"${KEY}":1}}`,
];

function inspectingApp(queryParser) {
  const app = new Server();
  app.set("query parser", queryParser);
  // Reads whatever the request became, then reports what the server process saw.
  const report = (pick) => (req, res) => {
    const value = pick(req);
    res.json({
      clean: isClean(),
      intact: prototypesIntact(value),
      ownProto: Object.hasOwn(value ?? {}, "__proto__"),
      value,
    });
  };
  app.get(
    "/query",
    report((req) => req.query),
  );
  app.get(
    "/params/:a/:b",
    report((req) => req.params),
  );
  app.post(
    "/json",
    Server.json({ strict: false }),
    report((req) => req.body),
  );
  app.post(
    "/form",
    Server.urlencoded({ extended: false }),
    report((req) => req.body),
  );
  app.post(
    "/form-extended",
    Server.urlencoded({ extended: true }),
    report((req) => req.body),
  );
  app.get(
    "/cookies",
    cookieParser("secret"),
    report((req) => ({ cookies: req.cookies, signed: req.signedCookies })),
  );
  app.get(
    "/headers",
    report((req) => req.headers),
  );
  return app;
}

describe.each(["simple", "extended"])("with the %s query parser", (queryParser) => {
  let server;
  let base;
  beforeAll(async () => {
    server = await serve(inspectingApp(queryParser));
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server?.close());

  async function expectNoPollution(res) {
    expect(res.status).toBe(200);
    const seen = await res.json();
    expect(seen.clean).toBe(true);
    expect(seen.intact).toBe(true);
    expect(isClean()).toBe(true);
    return seen.value;
  }

  it.each(QUERY_ATTACKS)("query %s", async (attack) => {
    await expectNoPollution(await fetch(`${base}/query?${attack}`));
  });

  it.each(QUERY_ATTACKS)("urlencoded body %s (extended: false and true)", async (attack) => {
    for (const path of ["/form", "/form-extended"]) {
      await expectNoPollution(
        await fetch(base + path, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: attack,
        }),
      );
    }
  });

  it.each(JSON_ATTACKS)("JSON body %s", async (attack) => {
    const value = await expectNoPollution(
      await fetch(`${base}/json`, { method: "POST", headers: { "content-type": "application/json" }, body: attack }),
    );
    expect(value).toBeTruthy();
  });

  // JSON.parse (and so Express) keeps "__proto__" as a plain own key: harmless by itself,
  // but app code that deep-merges req.body into another object must skip such keys.
  it("a JSON __proto__ key stays an own data property, the body's prototype untouched", async () => {
    const res = await fetch(`${base}/json`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON_ATTACKS[0],
    });
    const seen = await res.json();
    expect(seen).toMatchObject({ clean: true, intact: true, ownProto: true });
  });

  it.each(["__proto__", "constructor", "prototype"])("route params named by %s", async (segment) => {
    const value = await expectNoPollution(await fetch(`${base}/params/${segment}/${KEY}`));
    expect(value).toEqual({ a: segment, b: KEY });
  });

  it.each(COOKIE_ATTACKS)("cookie %s", async (attack) => {
    await expectNoPollution(await fetch(`${base}/cookies`, { headers: { cookie: attack } }));
  });

  it("a header named __proto__", async () => {
    const res = await request(server.port, { path: "/headers", headers: { ["__proto__"]: KEY, constructor: KEY } });
    const seen = JSON.parse(res.text);
    expect(seen.clean).toBe(true);
    expect(seen.intact).toBe(true);
  });
});
