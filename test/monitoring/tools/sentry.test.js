// Sentry (@sentry/node 11, `Sentry.init` in an --import instrument file,
// `Sentry.setupExpressErrorHandler(app)`), reporting to a fake envelope endpoint, on the same
// app on Express 5 and on lib-server: the same spans (names, ops, origins, attributes,
// statuses, parents), the same segment (transaction) names, the same errors captured in the
// same spans. On lib-server they come from src/monitoring/sentry.js.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { driveApp, startCollector } from "../fixtures/drive-app.js";

let collector;
beforeAll(async () => (collector = await startCollector()));
afterAll(() => collector.close());

/** The items of Sentry envelopes: { type, payload }. */
function envelopeItems(body) {
  const [, ...lines] = body.toString("utf8").split("\n").filter(Boolean);
  const items = [];
  for (let i = 0; i < lines.length; i += 2) items.push({ ...JSON.parse(lines[i]), payload: JSON.parse(lines[i + 1]) });
  return items;
}

async function record(framework, instrument = "sentry-instrument.mjs") {
  const from = collector.received.length;
  const run = await driveApp({
    framework,
    args: ["--import", `./test/monitoring/fixtures/${instrument}`],
    env: { SENTRY_PORT: String(collector.port) },
  });
  const items = collector.received.slice(from).flatMap(({ path, body }) => {
    expect(path).toMatch(/^\/api\/1\/envelope\//);
    return envelopeItems(body);
  });
  const spans = items.filter(({ type }) => type === "span").flatMap(({ payload }) => payload.items);
  const events = items.filter(({ type }) => type === "event").map(({ payload }) => payload);
  return { ...run, spans, events };
}

// Ports differ from run to run, and appear inside URLs and Host headers too.
const withoutPorts = (value) =>
  typeof value === "string"
    ? value.replace(/127\.0\.0\.1:\d+/g, "127.0.0.1:<port>")
    : Array.isArray(value)
      ? value.map(withoutPorts)
      : value;

// Ids, ports, the process's memory and start time vary, and the OS context is read
// asynchronously (a first transaction may go without it); the rest is compared.
const VARYING = new Set(["sentry.segment.id"]);
const varies = (key) => VARYING.has(key) || key.endsWith(".port") || /^(app|device|os)\./.test(key);
const attributesOf = (attributes) =>
  Object.fromEntries(
    Object.entries(attributes)
      .filter(([key]) => !varies(key))
      .map(([key, { value }]) => [key, withoutPorts(value)]),
  );

/** One tree per segment (transaction): names, statuses, attributes, children; no ids or times. */
function spanTrees(spans) {
  const children = new Map();
  for (const span of spans) {
    const parent = span.is_segment ? "root" : span.parent_span_id;
    children.set(parent, [...(children.get(parent) ?? []), span]);
  }
  const byStart = (a, b) => a.start_timestamp - b.start_timestamp;
  const node = (span) => ({
    name: span.name,
    status: span.status,
    attributes: attributesOf(span.attributes),
    children: (children.get(span.span_id) ?? []).sort(byStart).map(node),
  });
  return (children.get("root") ?? []).sort(byStart).map(node);
}

// Envelopes reach the collector in parallel, so in any order: events and segments are put back
// in the order they happened (the app's requests are sequential).
const inOrder = (items, time) => [...items].sort((a, b) => time(a) - time(b));

/** Each error event, in capture order: what was captured, how, in which transaction and span. */
function errors({ events, spans }) {
  const byId = new Map(spans.map((span) => [span.span_id, span]));
  return inOrder(events, (event) => event.timestamp).map((event) => ({
    transaction: event.transaction,
    level: event.level,
    exceptions: event.exception.values.map(({ type, value, mechanism }) => ({ type, value, mechanism })),
    span: byId.get(event.contexts.trace.span_id)?.name,
    parentSpan: byId.get(event.contexts.trace.parent_span_id)?.name,
  }));
}

const segmentNames = ({ spans }) =>
  inOrder(
    spans.filter((span) => span.is_segment),
    (span) => span.start_timestamp,
  ).map((span) => span.name);

describe("Sentry 11 (Sentry.init, setupExpressErrorHandler)", () => {
  let express, libServer;
  beforeAll(async () => {
    express = await record("express");
    libServer = await record("lib-server");
  });

  test("both apps answer the same", () => {
    expect(libServer.statuses).toEqual([200, 200, 500, 500, 404]);
    expect(libServer.statuses).toEqual(express.statuses);
  });

  test("transactions are named after the route, on lib-server as on Express 5", () => {
    const names = ["GET /users/:id", "GET /api/items/:itemId", "GET /boom", "GET /reject", "GET", "GET /exit"];
    expect(segmentNames(express)).toEqual(names);
    expect(segmentNames(libServer)).toEqual(names);
  });

  test("the same spans as on Express 5: middleware, router and route handler spans, their parents", () => {
    const trees = spanTrees(libServer.spans);
    expect(trees).toEqual(spanTrees(express.spans));
    const api = trees[1];
    expect(api.children.map(({ name, attributes }) => [name, attributes["sentry.op"]])).toEqual([
      ["requestId", "middleware"],
      ["/api", "router"],
    ]);
    expect(api.children[1].children.map(({ name, attributes }) => [name, attributes["sentry.op"]])).toEqual([
      ["apiAuth", "middleware"],
      ["/api/items/:itemId", "handler"],
    ]);
  });

  test("both errors captured once, by the Express integration, in the route's span", () => {
    const expected = ["/boom", "boom from a route", "/reject", "rejected from an async route"];
    const captured = errors(libServer);
    expect(captured).toEqual(errors(express));
    expect(captured.map(({ span, exceptions: [{ value }] }) => [span, value]).flat()).toEqual(expected);
    expect(captured.map(({ exceptions: [{ mechanism }] }) => mechanism.type)).toEqual([
      "auto.http.express",
      "auto.http.express",
    ]);
  });

  test("no warning", () => {
    expect(libServer.stderr).toBe(express.stderr);
  });
});

describe("Sentry 11 with its OpenTelemetry tracer provider (enableOpenTelemetrySetup)", () => {
  // lib-server/opentelemetry stays off: Sentry adds no instrumentation-express to Express.
  test("the same spans as on Express 5, none doubled", async () => {
    const express = await record("express", "sentry-instrument-otel.mjs");
    const libServer = await record("lib-server", "sentry-instrument-otel.mjs");
    expect(segmentNames(libServer)).toEqual(segmentNames(express));
    expect(spanTrees(libServer.spans)).toEqual(spanTrees(express.spans));
    expect(errors(libServer)).toEqual(errors(express));
  });
});
