// Randomized differential routing, the parts both fuzz suites share (test/router/fuzz.test.js
// against Express 5, test/express4/fuzz.test.js against Express 4): seeded random stacks of
// routes, middleware, rewrites and nested routers, whose patterns each suite makes in its
// framework's syntax, hit with random paths; every handler records what it saw.

// mulberry32: small, seedable, good enough to pick test cases.
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function makePath(rand) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const parts = [
    "a",
    "b",
    "users",
    "new",
    "x.y",
    "A",
    "USERS",
    "z",
    "f.txt",
    "%61",
    "%2F",
    "q-r",
    "",
    "%E0",
    "%C3%A9",
    "a%20b",
  ];
  const length = Math.floor(rand() * 5);
  let path = "";
  for (let i = 0; i < length; i++) path += "/" + pick(parts);
  if (path === "" || rand() < 0.15) path += "/";
  if (rand() < 0.1) path += "?q=1";
  return path;
}

// One handler: records itself and its view of the request, then answers or continues.
function handler(name, rand) {
  const action = rand();
  return (req, res, next) => {
    const seen = `${name}[${req.baseUrl}|${req.url}|${JSON.stringify(req.params)}]`;
    res.locals.trace = (res.locals.trace ?? "") + seen + ";";
    if (action < 0.5) return next();
    if (action < 0.6) return next("route");
    if (action < 0.65) return next(new Error(name));
    res.send(res.locals.trace);
  };
}

/**
 * The same random stack on any factory, fully determined by the seed: patterns from
 * `makePattern(rand, { prefix })`, RegExp routes from `regexps`.
 */
export function randomStack(seed, makePattern, regexps) {
  return (app, factory) => {
    const rand = random(seed);
    const addLayers = (target, depth, label) => {
      const count = 3 + Math.floor(rand() * 6);
      for (let i = 0; i < count; i++) {
        const name = `${label}${i}`;
        const kind = rand();
        if (kind < 0.55) {
          const method = rand() < 0.8 ? "get" : "all";
          const handlers = [handler(name, rand)];
          if (rand() < 0.4) handlers.push(handler(`${name}b`, rand));
          target[method](makePattern(rand, { prefix: false }), ...handlers);
        } else if (kind < 0.8) {
          const h = handler(name, rand);
          if (rand() < 0.3) target.use(h);
          else target.use(makePattern(rand, { prefix: true }), h);
        } else if (kind < 0.62) {
          // Rewrites req.url: the rest of the stack must route on the new URL.
          const to = makePath(rand);
          target.use(makePattern(rand, { prefix: true }), (req, res, next) => {
            res.locals.trace = (res.locals.trace ?? "") + `${name}>${to};`;
            req.url = to;
            next();
          });
        } else if (kind < 0.67) {
          const re = rand() < 0.5 ? regexps[0] : regexps[1];
          target.get(re, handler(name, rand));
        } else if (kind < 0.9 && depth < 2) {
          const router = factory.Router({
            mergeParams: rand() < 0.5,
            strict: rand() < 0.2,
            caseSensitive: rand() < 0.2,
          });
          addLayers(router, depth + 1, `${name}.`);
          target.use(makePattern(rand, { prefix: true }), router);
        } else {
          const recovers = rand() < 0.5;
          target.use((err, req, res, next) => {
            res.locals.trace = (res.locals.trace ?? "") + `${name}!${err.message};`;
            next(recovers ? undefined : err);
          });
        }
      }
    };
    // Settings apply to routers created after them, as in Express: set them first.
    if (rand() < 0.25) app.set("strict routing", true);
    if (rand() < 0.25) app.set("case sensitive routing", true);
    addLayers(app, 0, "L");
    app.use((req, res) => res.status(404).send(`end:${res.locals.trace ?? ""}`));
    app.use((err, req, res, next) => res.status(500).send(`err:${err.message}:${res.locals.trace ?? ""}`));
  };
}

/** A response, short, for a mismatch report. */
export const brief = (view) =>
  `${view.status} ${view.headers.allow ? `allow=${view.headers.allow} ` : ""}${view.body.slice(0, 300)}`;

// FUZZ_SEEDS / FUZZ_FIRST_SEED widen or move the search when hunting. npm test runs 20 seeds
// to stay quick; `npm run test:fuzz` (CI) runs 300 (test/router/fuzz.config.js).
export const SEEDS = Array.from(
  { length: Number(process.env.FUZZ_SEEDS ?? 20) },
  (_, i) => Number(process.env.FUZZ_FIRST_SEED ?? 1000) + i,
);
const REQUESTS_PER_SEED = 60;

/**
 * The seed's random requests on both sides of `d` (a differential pair): those answered
 * differently, as { method, path, request, expected, actual } (expected and actual: views).
 */
export async function mismatchesOf(d, seed) {
  const rand = random(seed * 7919);
  const mismatches = [];
  for (let i = 0; i < REQUESTS_PER_SEED; i++) {
    const path = makePath(rand);
    const method = rand() < 0.8 ? "GET" : ["HEAD", "OPTIONS", "POST"][Math.floor(rand() * 3)];
    const [expected, actual] = await d.both({ method, path });
    if (JSON.stringify(actual) !== JSON.stringify(expected))
      mismatches.push({ method, path, request: `${method} ${path}`, expected, actual });
  }
  return mismatches;
}
