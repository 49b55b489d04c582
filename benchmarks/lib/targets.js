// The goals lib-server is held to, each a ratio of two medians measured in
// the same run: subject ÷ peer, compared with a factor.
// [scenario, case, server]; the metric is the case's primary one unless given. A margin
// (in the metric's unit) is an allowance on top: subject ≤ factor × peer + margin.
const target = (subject, op, factor, peer, metric, margin = 0) => ({ subject, op, factor, peer, metric, margin });

const sameCase = (scenario, subject, op, factor, peer) =>
  target([scenario, scenario, subject], op, factor, [scenario, scenario, peer]);

const staticTargets = [];
for (const size of ["1kb", "100kb"]) {
  staticTargets.push(target(["static", size, "lib-server"], ">=", 2, ["static", size, "serve-static"]));
  staticTargets.push(target(["static", size, "lib-server"], ">=", 1, ["static", size, "sirv"]));
}
// The 1 MB case is judged on CPU per request (static.js says why): fewer is better.
staticTargets.push(target(["static", "1mb", "lib-server"], "<=", 1, ["static", "1mb", "serve-static"]));
// Issue 25: 3× sirv.
for (const size of ["1kb", "100kb"])
  staticTargets.push(target(["static", size, "lib-server"], ">=", 3, ["static", size, "sirv"]));
staticTargets.push(target(["static", "1mb", "lib-server"], "<=", 1 / 3, ["static", "1mb", "sirv"]));
for (const status of ["304", "404"]) {
  staticTargets.push(target(["static", status, "lib-server"], ">=", 3, ["static", status, "serve-static"]));
  staticTargets.push(target(["static", status, "lib-server"], ">=", 0.8, ["static", status, "sirv"])); // issue 11
  // Like for like: sirv's bench server also runs on node:http with a bare 404 (the app adds
  // Express's 404 page, headers and all)
  staticTargets.push(target(["static", status, "lib-server-raw"], ">=", 0.8, ["static", status, "sirv"]));
}

// Issue 26: lib-server's `listen({ http2: true })` against Fastify's `http2: true` and a
// hand-written node:http2 server (compatibility API) sending the same headers, over h2c
// and over TLS; and h2 multiplexing a page's assets on one connection against HTTP/1.1
// on six, which it should not lose to.
const h2Targets = [];
for (const scenario of ["h2c", "h2-tls"]) {
  for (const name of ["hello", "json", "1kb"]) {
    h2Targets.push(target([scenario, name, "lib-server"], ">=", 1, [scenario, name, "fastify"]));
    h2Targets.push(target([scenario, name, "lib-server"], ">=", 0.9, [scenario, name, "node"]));
    if (name !== "1kb")
      h2Targets.push(target([scenario, name, "lib-server"], ">=", 1, [scenario, name, "fastify-etag"]));
  }
}
h2Targets.push(target(["h2-multiplex", "h2", "lib-server"], ">=", 1, ["h2-multiplex", "http1", "lib-server"]));

// Issue 38: a real API's stack (npm cors, helmet, cookie-parser, json(), a router) against
// Express 5 and Fastify with its own plugins, ETags like for like; and against the same app
// written by hand on node:http with the same npm middleware, the floor any framework that runs
// them unchanged stands on. The lean five-layer stack against the same steps as Fastify hooks.
const issue38Targets = [];
for (const name of ["get-user", "post-user"]) {
  const realWorld = (server) => ["real-world", name, server];
  issue38Targets.push(target(realWorld("lib-server"), ">=", 2, realWorld("express")));
  issue38Targets.push(target(realWorld("lib-server"), ">=", 1.2, realWorld("fastify-etag")));
  issue38Targets.push(target(realWorld("lib-server"), ">=", 0.9, realWorld("node-express-headers")));
}
const apiLayers = (server) => ["api-layers", "get-user", server];
issue38Targets.push(target(apiLayers("lib-server"), ">=", 1, apiLayers("fastify-hooks-etag")));
issue38Targets.push(target(apiLayers("lib-server"), ">=", 0.9, apiLayers("node-express-headers")));
// Each popular npm middleware at least as fast on lib-server as on Express 5 and as Fastify's
// own plugin doing the same, and within 10% of the middleware called on node:http by hand.
for (const name of ["helmet", "cors", "cookie-parser", "morgan", "compression"]) {
  const npmMiddleware = (server) => ["npm-middleware", name, server];
  issue38Targets.push(target(npmMiddleware("lib-server"), ">=", 1, npmMiddleware("express")));
  issue38Targets.push(target(npmMiddleware("lib-server"), ">=", 1, npmMiddleware("fastify-plugins")));
  issue38Targets.push(target(npmMiddleware("lib-server"), ">=", 0.9, npmMiddleware("node-express-headers")));
}

export const TARGETS = [
  sameCase("hello", "lib-server-lean", ">=", 0.95, "node"),
  sameCase("hello", "lib-server-lean", ">=", 1, "fastify"),
  sameCase("hello", "lib-server", ">=", 5, "express"),
  // Issue 11: the Express-style app (res.send/res.json, weak ETags on) against Fastify, the
  // hand-written node:http equivalent (the same headers and ETag) and bare node:http.
  sameCase("hello", "lib-server", ">=", 1, "fastify"),
  sameCase("hello", "lib-server", ">=", 0.85, "node-express-headers"),
  sameCase("hello", "lib-server", ">=", 0.85, "node"),
  sameCase("json", "lib-server", ">=", 1, "fastify"),
  sameCase("json", "lib-server", ">=", 0.85, "node-express-headers"),
  sameCase("json", "lib-server", ">=", 0.85, "node"),
  sameCase("params", "lib-server", ">=", 1, "fastify"),
  sameCase("params", "lib-server", ">=", 0.85, "node"),
  sameCase("middleware", "lib-server", ">=", 1, "fastify"),
  sameCase("middleware", "lib-server", ">=", 0.85, "node"),
  sameCase("cold-start", "lib-server", "<=", 1.2, "node"),
  sameCase("cold-start", "lib-server", "<=", 0.6, "express"),
  sameCase("memory", "lib-server", "<=", 1, "express"),
  sameCase("memory", "lib-server", "<=", 1, "polka"),
  // Issue 25: at most 2 MB more than Polka at rest.
  target(["memory", "memory", "lib-server"], "<=", 1, ["memory", "memory", "polka"], undefined, 2),
  // Peak RSS under load: within a quarter of raw node:http's (a per-request closure once grew
  // V8's young generation to its maximum: ~2.3x; src/router/dispatch.js's nextOf).
  target(["memory", "memory", "lib-server"], "<=", 1.25, ["memory", "memory", "node"], "load"),
  sameCase("post-json", "lib-server", ">=", 0.9, "fastify"),
  sameCase("post-json", "lib-server", ">=", 3, "express"),
  // Like for like: Fastify computing a weak SHA-1 ETag too (@fastify/etag), as Express does.
  sameCase("hello", "lib-server", ">=", 1, "fastify-etag"),
  sameCase("json", "lib-server", ">=", 1, "fastify-etag"),
  sameCase("post-json", "lib-server", ">=", 1, "fastify-etag"),
  sameCase("routers", "lib-server", ">=", 3, "express"),
  // No cliff for a mounted app or an app behind a function: the same speed as a Router.
  sameCase("mounting", "lib-server-sub-app", ">=", 0.9, "lib-server-router"),
  sameCase("mounting", "lib-server-wrapped", ">=", 0.9, "lib-server-router"),
  sameCase("mounting", "lib-server-sub-app", ">=", 3, "express-sub-app"),
  sameCase("mounting", "lib-server-wrapped", ">=", 3, "express-wrapped"),
  sameCase("compose", "lib-server-compose-errors-on", ">=", 0.85, "lib-server-plain"),
  sameCase("compose", "lib-server-compose-errors-on", ">=", 0.95, "lib-server-compose-errors-off"),
  sameCase("compose", "lib-server-compose-errors-on", ">=", 4, "express"),
  ...staticTargets,
  ...h2Targets,
  ...issue38Targets,
];

// -> [{ scenario, case, metric, subject, peer, op, factor, ratio, pass, reason }]
// pass is null when the target could not be judged (scenario not run, server
// failed, or the two medians come from different invocations).
export function evaluateTargets(scenarios, targets = TARGETS) {
  return targets.map((t) => {
    const [scenarioName, caseName] = t.subject;
    const scenario = scenarios[scenarioName];
    const c = scenario?.cases.find((candidate) => candidate.name === caseName);
    const metric = t.metric ?? c?.primary;
    const subject = c?.servers.find((entry) => entry.name === t.subject[2]);
    const peerScenario = scenarios[t.peer[0]];
    const peerCase = peerScenario?.cases.find((candidate) => candidate.name === t.peer[1]);
    const peer = peerCase?.servers.find((entry) => entry.name === t.peer[2]);
    const base = {
      scenario: scenarioName,
      case: caseName,
      metric,
      subject: subject?.label ?? t.subject[2],
      // A peer from another case (h2 against HTTP/1.1) says which.
      peer: `${peer?.label ?? t.peer[2]}${t.peer[0] === scenarioName && t.peer[1] === caseName ? "" : ` (${t.peer[0]}/${t.peer[1]})`}`,
      op: t.op,
      factor: t.factor,
      margin: t.margin ?? 0,
      ratio: null,
      pass: null,
    };
    if (!c || !peerCase) return { ...base, reason: "not run" };
    if (scenario.runId !== peerScenario.runId) return { ...base, reason: "not measured in the same run" };
    const a = subject?.metrics?.[metric]?.median;
    const b = peer?.metrics?.[metric]?.median;
    if (a === undefined) return { ...base, reason: `${base.subject}: ${subject?.status ?? "absent"}` };
    if (b === undefined) return { ...base, reason: `${base.peer}: ${peer?.status ?? "absent"}` };
    const ratio = a / b;
    const bound = t.factor * b + (t.margin ?? 0);
    return { ...base, ratio, pass: t.op === ">=" ? a >= bound : a <= bound };
  });
}
