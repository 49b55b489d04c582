// New Relic (`newrelic` 14) on the same app on Express 5 and on lib-server, set up as its docs
// tell an Express user (`node -r newrelic app.js`, configured by environment variables), each
// reporting to a fake collector (fixtures/newrelic-collector.js): lib-server's transactions,
// span events (the agent's segments) and error events must be Express 5's.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import { CERTIFICATE, startCollector } from "../fixtures/newrelic-collector.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const APP = "test/monitoring/fixtures/app.cjs";
// Reports whether anything subscribes to lib-server's channels, on SIGTERM.
const PROBE = "./test/monitoring/fixtures/newrelic-probe.cjs";
const PATHS = ["/users/7", "/api/items/3", "/boom", "/reject", "/nope"];
const ERRORS = 2; // /boom and /reject

/**
 * Runs the app on `framework` under the agent, drives PATHS, and returns what the collector
 * received once every transaction, its spans and the errors arrived, and the probe's report.
 */
async function monitoredRun(framework, env = {}) {
  const collector = await startCollector();
  const child = spawn(process.execPath, ["-r", "newrelic", "-r", PROBE, APP], {
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
    for (const path of PATHS) await (await fetch(`http://127.0.0.1:${port}${path}`)).arrayBuffer();
    const reported = () => report(collector);
    await until(() => {
      const { transactions, spans, errors } = reported();
      const traced = new Set(spans.map((span) => span.transactionId)).size;
      return transactions.length === PATHS.length && traced === PATHS.length && errors.length === ERRORS;
    });
    child.kill("SIGTERM");
    return { ...reported(), probe: JSON.parse(await lines.next()) };
  } finally {
    child.kill("SIGTERM");
    await collector.close();
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

// What each request became, ids, times, ports and sizes left out, in the order of PATHS.
const byPath = (items, uriOf) => PATHS.flatMap((path) => items.filter((item) => uriOf(item) === path));

function transactionsOf({ transactions }) {
  return byPath(transactions, ([, , agent]) => agent["request.uri"]).map(([intrinsics, , agent]) => ({
    uri: agent["request.uri"],
    name: intrinsics.name,
    error: intrinsics.error,
    status: agent["http.statusCode"],
  }));
}

function errorsOf({ errors }) {
  return byPath(errors, ([, , agent]) => agent["request.uri"]).map(([intrinsics, , agent]) => ({
    uri: agent["request.uri"],
    transaction: intrinsics.transactionName,
    class: intrinsics["error.class"],
    message: intrinsics["error.message"],
    expected: intrinsics["error.expected"],
  }));
}

/** Each transaction's spans as a tree: name, kind, category, code.function, error; children in order. */
function traceTreesOf({ spans }) {
  const roots = byPath(
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
    express = await monitoredRun("express");
    libServer = await monitoredRun("lib-server");
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

describe("New Relic's configuration is respected", () => {
  test("Express instrumentation disabled: lib-server is not instrumented either", async () => {
    const env = { NEW_RELIC_INSTRUMENTATION_EXPRESS_ENABLED: "false" };
    const express = await monitoredRun("express", env);
    const libServer = await monitoredRun("lib-server", env);
    expect(transactionsOf(express).map(({ name }) => name)).toContain("WebTransaction/NormalizedUri/*");
    expect(transactionsOf(libServer)).toEqual(transactionsOf(express));
    expect(errorsOf(libServer)).toEqual(errorsOf(express));
    expect(libServer.probe).toEqual({ layers: false, handlers: false });
  });
});
