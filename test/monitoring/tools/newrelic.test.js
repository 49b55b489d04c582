// New Relic (`newrelic` 14) on the same app on Express 5 and on lib-server, set up as its docs
// tell an Express user (`node -r newrelic app.js`, configured by environment variables), each
// reporting to a fake collector (fixtures/newrelic-collector.js): lib-server's transactions,
// span events (the agent's segments) and error events must be Express 5's.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import { CERTIFICATE, startCollector } from "../fixtures/newrelic-collector.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
// Reports whether anything subscribes to lib-server's channels, on SIGTERM.
const PROBE = "./test/monitoring/fixtures/newrelic-probe.cjs";
// The apps, the requests each gets, and how many of them fail with an error.
const ISSUE_APP = {
  app: "test/monitoring/fixtures/app.cjs",
  paths: ["/users/7", "/api/items/3", "/boom", "/reject", "/nope"],
  errors: 2,
};
// app.cjs as an ES module, under New Relic's ES module set-up
const ESM_APP = {
  app: "test/monitoring/fixtures/app.mjs",
  preload: ["--import", "newrelic/esm-loader.mjs"],
  paths: ISSUE_APP.paths,
  errors: ISSUE_APP.errors,
};
const SHAPES_APP = {
  app: "test/monitoring/fixtures/newrelic-shapes.cjs",
  paths: ["/users/7/orders", "/admin/stats", "/api/v1/things/9", "/fail", "/later", "/api/v1/nothing"],
  errors: 1,
};

/**
 * Runs `scenario`'s app on `framework` under the agent, drives its paths, and returns what the
 * collector received once every transaction, its spans and the errors arrived, the paths (to
 * order what was received) and the probe's report.
 */
async function monitoredRun({ app, preload = [], paths, errors: failing }, framework, env = {}) {
  const collector = await startCollector();
  const child = spawn(process.execPath, [...preload, "-r", "newrelic", "-r", PROBE, app], {
    cwd: root,
    env: {
      ...process.env,
      FRAMEWORK: framework,
      NEW_RELIC_APP_NAME: "lib-server monitoring test",
      NEW_RELIC_LICENSE_KEY: "0123456789abcdef0123456789abcdef01234567",
      NEW_RELIC_HOST: "127.0.0.1",
      NEW_RELIC_PORT: String(collector.port),
      NODE_EXTRA_CA_CERTS: CERTIFICATE,
      NEW_RELIC_LOG_ENABLED: "false",
      // every transaction's spans, not the adaptive sampler's pick
      NEW_RELIC_DISTRIBUTED_TRACING_SAMPLER_ROOT: "always_on",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const lines = readLines(child);
    const { port } = JSON.parse(await lines.next());
    await until(() => collector.received("connect").length > 0);
    for (const path of paths) await (await fetch(`http://127.0.0.1:${port}${path}`)).arrayBuffer();
    const reported = () => ({ paths, ...report(collector) });
    await until(() => {
      const { transactions, spans, errors } = reported();
      const traced = new Set(spans.map((span) => span.transactionId)).size;
      return transactions.length === paths.length && traced === paths.length && errors.length === failing;
    });
    child.kill("SIGTERM");
    return { ...reported(), probe: JSON.parse(await lines.next()) };
  } finally {
    child.kill("SIGTERM");
    await collector.close();
  }
}

/** Runs app.cjs under a disabled agent (NEW_RELIC_ENABLED=false): the probe's report. */
async function disabledRun(framework) {
  const child = spawn(process.execPath, ["-r", "newrelic", "-r", PROBE, ISSUE_APP.app], {
    cwd: root,
    env: { ...process.env, FRAMEWORK: framework, NEW_RELIC_ENABLED: "false", NEW_RELIC_LOG_ENABLED: "false" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const lines = readLines(child);
    const { port } = JSON.parse(await lines.next());
    expect((await fetch(`http://127.0.0.1:${port}/users/7`)).status).toBe(200);
    child.kill("SIGTERM");
    return JSON.parse(await lines.next());
  } finally {
    child.kill("SIGTERM");
  }
}

function readLines(child) {
  const waiting = [];
  const lines = [];
  let buffered = "";
  child.stdout.on("data", (chunk) => {
    buffered += chunk;
    let end;
    while ((end = buffered.indexOf("\n")) !== -1) {
      lines.push(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      while (waiting.length > 0 && lines.length > 0) waiting.shift()(lines.shift());
    }
  });
  return { next: () => (lines.length > 0 ? Promise.resolve(lines.shift()) : new Promise((r) => waiting.push(r))) };
}

async function until(done, timeout = 30000) {
  const deadline = Date.now() + timeout;
  while (!done()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for the agent's data");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Events arrive as [run id, { reservoir_size, events_seen }, [[intrinsics, user, agent], ...]].
const events = (collector, method) => collector.received(method).flatMap((payload) => payload[2]);

function report(collector) {
  return {
    transactions: events(collector, "analytic_event_data"),
    spans: events(collector, "span_event_data").map(([intrinsics, , agent]) => ({ ...intrinsics, ...agent })),
    errors: events(collector, "error_event_data"),
  };
}

// What each request became, ids, times, ports and sizes left out, in the order of `paths`.
const byPath = (paths, items, uriOf) => paths.flatMap((path) => items.filter((item) => uriOf(item) === path));

function transactionsOf({ paths, transactions }) {
  return byPath(paths, transactions, ([, , agent]) => agent["request.uri"]).map(([intrinsics, , agent]) => ({
    uri: agent["request.uri"],
    name: intrinsics.name,
    error: intrinsics.error,
    status: agent["http.statusCode"],
  }));
}

function errorsOf({ paths, errors }) {
  return byPath(paths, errors, ([, , agent]) => agent["request.uri"]).map(([intrinsics, , agent]) => ({
    uri: agent["request.uri"],
    transaction: intrinsics.transactionName,
    class: intrinsics["error.class"],
    message: intrinsics["error.message"],
    expected: intrinsics["error.expected"],
  }));
}

/** Each transaction's spans as a tree: name, kind, category, code.function, error; children in order. */
function traceTreesOf({ paths, spans }) {
  const roots = byPath(
    paths,
    spans.filter((span) => span["nr.entryPoint"]),
    (span) => span["request.uri"],
  );
  const childrenOf = (span) => spans.filter((child) => child.parentId === span.guid).map(node);
  const node = (span) => ({
    name: span.name,
    kind: span["span.kind"],
    category: span.category,
    ...(span["code.function"] && { function: span["code.function"] }),
    ...(span["error.class"] && { error: `${span["error.class"]}: ${span["error.message"]}` }),
    children: childrenOf(span),
  });
  return roots.map((span) => ({ uri: span["request.uri"], ...node(span) }));
}

describe("New Relic: lib-server reports what Express 5 reports", () => {
  let express;
  let libServer;
  beforeAll(async () => {
    express = await monitoredRun(ISSUE_APP, "express");
    libServer = await monitoredRun(ISSUE_APP, "lib-server");
  });

  test("Express 5 under the agent: its transaction names and both exceptions", () => {
    expect(transactionsOf(express).map(({ name }) => name)).toEqual([
      "WebTransaction/Expressjs/GET//users/:id",
      "WebTransaction/Expressjs/GET//api/items/:itemId",
      "WebTransaction/Expressjs/GET//boom",
      "WebTransaction/Expressjs/GET//reject",
      "WebTransaction/Expressjs/GET/(not found)",
    ]);
    expect(errorsOf(express).map(({ message }) => message)).toEqual([
      "boom from a route",
      "rejected from an async route",
    ]);
  });

  test("transactions: the same names, statuses and error flags", () => {
    expect(transactionsOf(libServer)).toEqual(transactionsOf(express));
  });

  test("errors: the same classes and messages, on the same transactions", () => {
    expect(errorsOf(libServer)).toEqual(errorsOf(express));
  });

  test("segments: the same span trees (names, kinds, parents, order, code.function, errors)", () => {
    const trees = traceTreesOf(express);
    // the shape asserted of Express 5, so that an equal lib-server tree means something
    expect(trees.find(({ uri }) => uri === "/api/items/3").children.map(({ name }) => name)).toEqual([
      "Nodejs/Middleware/Expressjs/requestId",
      "Expressjs/Router: /api",
    ]);
    expect(traceTreesOf(libServer)).toEqual(trees);
  });

  test("the adapter subscribes to lib-server's channels while the agent runs", () => {
    expect(libServer.probe).toEqual({ layers: true, handlers: true });
  });
});

describe("New Relic: more of Express's shapes", () => {
  test("app.param(), two handlers in a route, a mounted app, nested routers, next(err), an async next(), a 404 in a router", async () => {
    const express = await monitoredRun(SHAPES_APP, "express");
    const libServer = await monitoredRun(SHAPES_APP, "lib-server");
    expect(transactionsOf(libServer)).toEqual(transactionsOf(express));
    expect(errorsOf(libServer)).toEqual(errorsOf(express));
    expect(traceTreesOf(libServer)).toEqual(traceTreesOf(express));
  });
});

describe("New Relic: an ES module app", () => {
  test("--import newrelic/esm-loader.mjs -r newrelic: the same transactions, span trees and errors", async () => {
    const express = await monitoredRun(ESM_APP, "express");
    const libServer = await monitoredRun(ESM_APP, "lib-server");
    expect(transactionsOf(express)[0].name).toBe("WebTransaction/Expressjs/GET//users/:id");
    expect(transactionsOf(libServer)).toEqual(transactionsOf(express));
    expect(errorsOf(libServer)).toEqual(errorsOf(express));
    expect(traceTreesOf(libServer)).toEqual(traceTreesOf(express));
  });
});

describe("New Relic's configuration is respected", () => {
  test("Express instrumentation disabled: lib-server is not instrumented either", async () => {
    const env = { NEW_RELIC_INSTRUMENTATION_EXPRESS_ENABLED: "false" };
    const express = await monitoredRun(ISSUE_APP, "express", env);
    const libServer = await monitoredRun(ISSUE_APP, "lib-server", env);
    expect(transactionsOf(express).map(({ name }) => name)).toContain("WebTransaction/NormalizedUri/*");
    expect(transactionsOf(libServer)).toEqual(transactionsOf(express));
    expect(errorsOf(libServer)).toEqual(errorsOf(express));
    expect(libServer.probe).toEqual({ layers: false, handlers: false });
  });

  test("the agent disabled: nothing subscribes to lib-server's channels", async () => {
    expect(await disabledRun("lib-server")).toEqual({ layers: false, handlers: false });
  });
});
