// Datadog's dd-trace 6, set up as its docs tell an Express user (`node --require dd-trace/init
// app.js`), on the same app on Express 5 and on lib-server: the spans its agent receives
// (test/monitoring/fixtures/datadog-agent.js) must be the same, ids, times and ports aside.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startAgent } from "../fixtures/datadog-agent.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const APP = "test/monitoring/fixtures/app.cjs";
const PATHS = ["/users/7", "/api/items/3", "/boom", "/reject", "/nope"];
// What dd-trace names their requests on Express 5: the route, with the mount path.
const RESOURCES = ["GET /users/:id", "GET /api/items/:itemId", "GET /boom", "GET /reject", "GET"];

let agent;
beforeAll(async () => {
  agent = await startAgent();
});
afterAll(() => agent?.close());

/**
 * Runs `app` on `framework` under dd-trace (`args` before the app's path), drives `paths` in
 * order and resolves to the request traces the agent received, one tree per request.
 */
async function traces(framework, { app = APP, paths = PATHS, args = ["--require", "dd-trace/init"], env = {} } = {}) {
  const service = `app-${framework}-${Math.random().toString(36).slice(2)}`;
  const child = spawn(process.execPath, [...args, app], {
    cwd: root,
    env: {
      ...process.env,
      FRAMEWORK: framework,
      DD_TRACE_AGENT_URL: agent.url,
      DD_SERVICE: service, // tells this run's spans apart at the shared agent
      DD_TRACE_FLUSH_INTERVAL: "50",
      DD_TRACE_STARTUP_LOGS: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const { port } = await new Promise((resolve, reject) => {
      child.stdout.once("data", (line) => resolve(JSON.parse(line)));
      child.once("exit", (code) => reject(new Error(`the app exited (${code}) before listening`)));
    });
    for (const path of paths) await (await fetch(`http://127.0.0.1:${port}${path}`)).text();
    const spans = await spansOf(service, paths.length);
    return trees(spans);
  } finally {
    child.kill("SIGTERM");
  }
}

// The spans of `service`'s traces once `count` requests arrived (a trace is sent whole).
async function spansOf(service, count) {
  const isRequest = (span) => span.service === service && span.type === "web";
  for (let waited = 0; agent.spans.filter(isRequest).length < count; waited += 50) {
    if (waited > 20000) throw new Error(`${agent.spans.filter(isRequest).length} of ${count} requests traced`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const traceIds = new Set(agent.spans.filter(isRequest).map((span) => span.trace_id));
  return agent.spans.filter((span) => traceIds.has(span.trace_id));
}

// What differs from run to run, or with the framework's own files: ids, times, the port, the
// stack's frames (its first line, type and message, is kept).
const VARYING = new Set(["runtime-id", "_dd.rc.client_id", "_dd.p.tid", "http.url", "service", "process_id"]);
const CODE_ORIGIN = /^_dd\.code_origin\./;

function normalise(entries) {
  return Object.fromEntries(
    Object.entries(entries)
      .filter(([key]) => !VARYING.has(key) && !CODE_ORIGIN.test(key))
      .map(([key, value]) => [key, key === "error.stack" ? value.split("\n")[0] : value])
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

// Each request's spans as a tree: parents from parent_id, children in the order they started.
function trees(spans) {
  const byStart = [...spans].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const node = (span) => ({
    name: span.name,
    resource: span.resource,
    type: span.type,
    error: span.error,
    meta: normalise(span.meta),
    metrics: normalise(span.metrics),
    codeOrigin: Object.keys(span.meta).some((key) => CODE_ORIGIN.test(key)),
    children: byStart.filter((child) => child.parent_id === span.span_id).map(node),
  });
  return byStart.filter((span) => span.type === "web").map(node);
}

const resources = (requests) => requests.map((request) => request.resource);
// The tree without what only Express has (code origin: see below).
const withoutCodeOrigin = (tree) => ({
  ...tree,
  codeOrigin: undefined,
  children: tree.children.map(withoutCodeOrigin),
});

describe("dd-trace 6 set up with --require dd-trace/init", () => {
  let express;
  let libServer;
  beforeAll(async () => {
    express = await traces("express");
    libServer = await traces("lib-server");
  });

  test("the resources are the route templates, with the mount path, as on Express 5", () => {
    expect(resources(express)).toEqual(RESOURCES);
    expect(resources(libServer)).toEqual(resources(express));
  });

  test("the same spans: express.request, then a router.middleware span per layer and handler, nested the same", () => {
    expect(express.map((request) => request.name)).toEqual(Array(PATHS.length).fill("express.request"));
    const shape = (tree) => [tree.resource, tree.children.map(shape)];
    expect(shape(express[1])).toEqual([
      "GET /api/items/:itemId",
      [
        ["requestId", []],
        [
          "router",
          [
            ["apiAuth", []],
            ["handle", [["getItem", []]]],
          ],
        ],
      ],
    ]);
    expect(libServer.map(withoutCodeOrigin)).toEqual(express.map(withoutCodeOrigin));
  });

  test("a thrown error and a rejection: error.type, error.message, error.stack on the request and on the spans it left", () => {
    const errors = (tree) => [
      tree.resource,
      tree.error,
      tree.meta["error.type"],
      tree.meta["error.message"],
      tree.meta["error.stack"],
      tree.children.map(errors),
    ];
    const boom = ["Error", "boom from a route", "Error: boom from a route"];
    expect(errors(express[2])).toEqual([
      "GET /boom",
      1,
      ...boom,
      [
        ["requestId", 0, undefined, undefined, undefined, []],
        ["handle", 1, ...boom, [["boom", 1, ...boom, []]]],
        ["errorHandler", 0, undefined, undefined, undefined, []],
      ],
    ]);
    expect(libServer.slice(2, 4).map(errors)).toEqual(express.slice(2, 4).map(errors));
  });

  // dd-trace's Code Origin for Spans tags the request span with where the route was
  // registered (_dd.code_origin.frames.*: app-definition.cjs and its line), from a stack trace its
  // Express instrumentation takes when app.get()/router.use() run. lib-server publishes
  // nothing when a route is registered, so a lib-server request span has no such tags.
  test("known difference: no code origin tags", () => {
    const withCodeOrigin = (requests) => requests.filter((request) => request.codeOrigin).map((r) => r.resource);
    expect(withCodeOrigin(express)).toEqual(RESOURCES);
    expect(withCodeOrigin(libServer)).toEqual([]);
  });
});

describe('dd-trace 6 set up in code: require("dd-trace").init() on the first line', () => {
  test("the same resources, spans and errors as Express 5", async () => {
    const inCode = { app: "test/monitoring/fixtures/datadog-init.cjs", args: [] };
    const express = await traces("express", inCode);
    expect(resources(express)).toEqual(RESOURCES);
    const libServer = await traces("lib-server", inCode);
    expect(libServer.map(withoutCodeOrigin)).toEqual(express.map(withoutCodeOrigin));
  });
});

describe("dd-trace 6's ES module set-up: node --import dd-trace/initialize.mjs app.mjs", () => {
  const esm = { app: "test/monitoring/fixtures/app.mjs", args: ["--import", "dd-trace/initialize.mjs"] };

  test("the same resources, spans and errors as Express 5 imported", async () => {
    const express = await traces("express", esm);
    expect(resources(express)).toEqual(RESOURCES);
    const libServer = await traces("lib-server", esm);
    expect(libServer.map(withoutCodeOrigin)).toEqual(express.map(withoutCodeOrigin));
  });
});

describe("dd-trace's plugin switches act on lib-server as on Express 5", () => {
  // [request span name, resources, whether there are layer spans], for Express 5
  test.each([
    ["DD_TRACE_EXPRESS_ENABLED=false", { DD_TRACE_EXPRESS_ENABLED: "false" }, ["web.request", RESOURCES, true]],
    [
      "DD_TRACE_DISABLED_PLUGINS=router",
      { DD_TRACE_DISABLED_PLUGINS: "router" },
      ["express.request", Array(5).fill("GET"), false],
    ],
    [
      "DD_TRACE_MIDDLEWARE_TRACING_ENABLED=false",
      { DD_TRACE_MIDDLEWARE_TRACING_ENABLED: "false" },
      ["express.request", RESOURCES, false],
    ],
  ])("%s", async (title, env, [name, routes, layerSpans]) => {
    const express = (await traces("express", { env })).map(withoutCodeOrigin);
    expect(new Set(express.map((request) => request.name))).toEqual(new Set([name]));
    expect(resources(express)).toEqual(routes);
    expect(express.some((request) => request.children.length > 0)).toBe(layerSpans);
    const libServer = (await traces("lib-server", { env })).map(withoutCodeOrigin);
    expect(libServer).toEqual(express);
  });
});

describe("more layers: route handlers and next(), nested routers, a mounted app, error handlers", () => {
  const LAYERS = "test/monitoring/fixtures/datadog-layers.cjs";
  const paths = [
    "/chain/1",
    "/chain/skip",
    "/api/v1/orders/9",
    "/admin/stats",
    "/b",
    "/re/42",
    "/rejects",
    "/recover",
    "/replace",
    "/inner/fail",
  ];
  let express;
  let libServer;
  beforeAll(async () => {
    express = (await traces("express", { app: LAYERS, paths })).map(withoutCodeOrigin);
    libServer = (await traces("lib-server", { app: LAYERS, paths })).map(withoutCodeOrigin);
  });

  test("an error out of a router: on every span it passed through, error handlers that passed it on included", () => {
    const errors = (tree) => [tree.resource, tree.error, tree.children.map(errors)];
    expect(errors(express[paths.indexOf("/inner/fail")])).toEqual([
      "GET /inner/fail",
      1,
      [
        [
          "router",
          1,
          [
            ["handle", 1, [["innerFail", 1, []]]],
            ["innerLogger", 1, []],
          ],
        ],
        ["logError", 1, []],
        ["replaceError", 1, []],
        ["recoverError", 1, []],
        ["errorPage", 0, []],
      ],
    ]);
  });

  test.each(paths.map((path, index) => [path, index]))("GET %s", (path, index) => {
    expect(libServer[index]).toEqual(express[index]);
  });
});
