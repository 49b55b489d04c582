// OpenTelemetry's zero-code set-up (`node --require @opentelemetry/auto-instrumentations-node/register`,
// configured by OTEL_* variables, exporting OTLP/HTTP JSON to a fake collector) on the same app
// on Express 5 and on lib-server: the same span trees. On lib-server the framework's spans
// come from lib-server/opentelemetry, which lib-server enables itself once an SDK registered a
// tracer provider (src/monitoring/opentelemetry.js). On OpenTelemetry's SDK 2 (the checkout's
// devDependencies) and SDK 3 (auto-instrumentations-node 0.82, test/opentelemetry/sdk3/).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { OPENTELEMETRY_LINES } from "../../opentelemetry/sdk3/project.js";
import { driveApp, startCollector } from "../fixtures/drive-app.js";

const ZERO_CODE = ["--require", "@opentelemetry/auto-instrumentations-node/register"];

let collector;
beforeAll(async () => (collector = await startCollector()));
afterAll(() => collector.close());

const otelEnv = () => ({
  OTEL_SERVICE_NAME: "monitoring-app",
  OTEL_TRACES_EXPORTER: "otlp",
  OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
  OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collector.port}`,
  OTEL_METRICS_EXPORTER: "none",
  OTEL_LOGS_EXPORTER: "none",
  // The cloud detectors would look for metadata servers off this machine.
  OTEL_NODE_RESOURCE_DETECTORS: "none",
  OTEL_BSP_SCHEDULE_DELAY: "100",
});

/**
 * Runs the app (in `line`'s project: SDK 2 unless told) and returns what reached the collector:
 * its spans, and the app's run.
 */
async function record(framework, args = ZERO_CODE, env = otelEnv(), line = OPENTELEMETRY_LINES[0]) {
  const from = collector.received.length;
  const run = await driveApp({ framework, args, env: { ...env, ...line.env }, cwd: line.cwd });
  const spans = collector.received.slice(from).flatMap(({ path, body }) => {
    expect(path).toBe("/v1/traces");
    return JSON.parse(body).resourceSpans.flatMap(({ scopeSpans }) =>
      scopeSpans.flatMap(({ scope, spans }) =>
        spans.map((span) => ({ ...span, scope: scope.name, scopeVersion: scope.version })),
      ),
    );
  });
  return { ...run, spans };
}

const valueOf = (value) => {
  const [[type, inner]] = Object.entries(value);
  return type === "arrayValue" ? (inner.values ?? []).map(valueOf) : type === "intValue" ? Number(inner) : inner;
};

// Ports differ from run to run, and appear inside URLs and Host headers too.
const withoutPorts = (value) =>
  typeof value === "string"
    ? value.replace(/127\.0\.0\.1:\d+/g, "127.0.0.1:<port>")
    : Array.isArray(value)
      ? value.map(withoutPorts)
      : value;

const attributesOf = (list = []) =>
  Object.fromEntries(
    list.filter(({ key }) => !key.endsWith(".port")).map(({ key, value }) => [key, withoutPorts(valueOf(value))]),
  );

// lib-server/opentelemetry names itself as the instrumentation scope of its spans.
const SCOPES = { "lib-server/opentelemetry": "@opentelemetry/instrumentation-express" };

/** One tree per request: names, kinds, scopes, attributes, statuses, exceptions; no ids or times. */
function spanTrees(spans) {
  const ids = new Set(spans.map((span) => span.spanId));
  const children = new Map();
  for (const span of spans) {
    const parent = ids.has(span.parentSpanId) ? span.parentSpanId : "root";
    children.set(parent, [...(children.get(parent) ?? []), span]);
  }
  const byStart = (a, b) => (BigInt(a.startTimeUnixNano) < BigInt(b.startTimeUnixNano) ? -1 : 1);
  const node = (span) => ({
    name: span.name,
    kind: span.kind,
    scope: SCOPES[span.scope] ?? span.scope,
    attributes: attributesOf(span.attributes),
    status: span.status,
    events: (span.events ?? []).map(({ name, attributes }) => withoutStack({ name, ...attributesOf(attributes) })),
    children: (children.get(span.spanId) ?? []).sort(byStart).map(node),
  });
  return (children.get("root") ?? []).sort(byStart).map(node);
}

// Stack traces name the framework's own files.
function withoutStack(event) {
  const { "exception.stacktrace": stack, ...rest } = event;
  return rest;
}

const ROUTER_SCOPE = "@opentelemetry/instrumentation-router";

/**
 * Express 5's spans less instrumentation-router's, their children given to their parents:
 * the zero-code set-up enables instrumentation-router beside instrumentation-express, and on
 * Express 5 both wrap the `router` package's layers (its spans are named after the handle
 * instrumentation-express put in, "patched"). Returns the spans kept and the names removed.
 */
function withoutRouterInstrumentation(spans) {
  const removed = new Map(spans.filter((span) => span.scope === ROUTER_SCOPE).map((span) => [span.spanId, span]));
  const parentOf = (id) => (removed.has(id) ? parentOf(removed.get(id).parentSpanId) : id);
  const kept = spans
    .filter((span) => !removed.has(span.spanId))
    .map((span) => ({ ...span, parentSpanId: parentOf(span.parentSpanId) }));
  return { kept, removedNames: [...removed.values()].map((span) => span.name).sort() };
}

const serverSpanNames = (spans) => spans.filter((span) => span.kind === 2).map((span) => span.name);

describe.each(OPENTELEMETRY_LINES)("$name: OpenTelemetry zero-code set-up (auto-instrumentations-node)", (line) => {
  let express, libServer;
  beforeAll(async () => {
    express = await record("express", ZERO_CODE, otelEnv(), line);
    libServer = await record("lib-server", ZERO_CODE, otelEnv(), line);
  });

  test("the spans come from this line's instrumentations", () => {
    const httpVersions = (spans) =>
      new Set(spans.filter((span) => span.scope === "@opentelemetry/instrumentation-http").map((s) => s.scopeVersion));
    for (const spans of [libServer.spans, express.spans])
      expect([...httpVersions(spans)]).toEqual([expect.stringMatching(line.experimentalVersions)]);
  });

  test("both apps answer the same", () => {
    expect(libServer.statuses).toEqual([200, 200, 500, 500, 404]);
    expect(libServer.statuses).toEqual(express.statuses);
  });

  test("the server spans are named after the route, on lib-server as on Express 5", () => {
    const names = ["GET /users/:id", "GET /api/items/:itemId", "GET /boom", "GET /reject", "GET", "GET /exit"];
    expect(serverSpanNames(libServer.spans)).toEqual(names);
    expect(serverSpanNames(express.spans)).toEqual(names);
  });

  test("the same span trees as Express 5, instrumentation-router's spans aside", () => {
    const { kept, removedNames } = withoutRouterInstrumentation(express.spans);
    expect(spanTrees(libServer.spans)).toEqual(spanTrees(kept));
    // What Express 5 has more: a span per layer the router package runs (error handlers too),
    // besides instrumentation-express's for the same layers.
    expect(removedNames).toEqual(
      [
        ...["middleware - patched", "middleware - patched", "request handler - /users/:id"],
        ...["middleware - patched", "middleware - patched", "middleware - patched", "middleware - patched"],
        "request handler - /api/items/:itemId",
        ...["middleware - patched", "middleware - patched", "request handler - /boom", "middleware - errorHandler"],
        ...["middleware - patched", "middleware - patched", "request handler - /reject", "middleware - errorHandler"],
        "middleware - patched",
        ...["middleware - patched", "middleware - patched", "request handler - /exit"],
      ].sort(),
    );
  });

  test("errors are recorded on the route's span", () => {
    const handlers = libServer.spans.filter((span) => span.name === "request handler" && span.events?.length);
    expect(
      handlers.map((span) => [attributesOf(span.attributes)["http.route"], attributesOf(span.events[0].attributes)]),
    ).toEqual([
      ["/boom", expect.objectContaining({ "exception.type": "Error", "exception.message": "boom from a route" })],
      [
        "/reject",
        expect.objectContaining({ "exception.type": "Error", "exception.message": "rejected from an async route" }),
      ],
    ]);
  });

  test("an app that registers LibServerInstrumentation itself gets its spans once", async () => {
    const own = await record(
      "lib-server",
      [...ZERO_CODE, "--require", "./test/monitoring/fixtures/opentelemetry-own.cjs"],
      otelEnv(),
      line,
    );
    expect(spanTrees(own.spans)).toEqual(spanTrees(libServer.spans));
  });
});

describe("lib-server's OpenTelemetry set-up where it cannot trace", () => {
  test("an @opentelemetry/api that cannot see the registered provider: one warning, the app runs", async () => {
    const run = await record("lib-server", ["--require", "./test/monitoring/fixtures/opentelemetry-old-api.cjs"]);
    expect(run.statuses).toEqual([200, 200, 500, 500, 404]);
    expect(run.spans).toEqual([]);
    const warnings = run.stderr.match(/LibServerWarning: .*/g);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^LibServerWarning: lib-server traces no middleware or route for OpenTelemetry: the @opentelemetry\/api lib-server loads cannot use the tracer provider registered with @opentelemetry\/api 1\.0\.0:/,
    );
  });

  test("no @opentelemetry/api to load: one warning, the app runs", async () => {
    const run = await record("lib-server", ["--require", "./test/monitoring/fixtures/opentelemetry-missing.cjs"]);
    expect(run.statuses).toEqual([200, 200, 500, 500, 404]);
    const warnings = run.stderr.match(/LibServerWarning: .*/g);
    expect(warnings).toEqual([
      "LibServerWarning: lib-server traces no middleware or route for OpenTelemetry: Cannot find package '@opentelemetry/api'; install @opentelemetry/api and @opentelemetry/instrumentation beside lib-server.",
    ]);
  });
});
