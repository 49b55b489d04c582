// lib-server/opentelemetry in this process, with the SDK's tracer and a server span made
// here (instrumentation-http's part: test/opentelemetry/setups.test.js runs the real one,
// and compares every span with instrumentation-express's on Express 5).
import dc from "node:diagnostics_channel";
import http from "node:http";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { context, trace } from "@opentelemetry/api";
import { RPCType, getRPCMetadata, setRPCMetadata } from "@opentelemetry/core";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import Server from "../../src/index.js";
import { LibServerInstrumentation, LayerType } from "../../src/opentelemetry/index.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const layerChannel = dc.channel("lib-server.layer");
const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = provider.getTracer("test");
const routes = []; // the route each server span's RPC metadata ended with

beforeAll(() => provider.register());
afterAll(() => provider.shutdown());
afterEach(() => {
  exporter.reset();
  routes.length = 0;
});

function makeApp() {
  const app = Server();
  app.use(function audit(req, res, next) {
    next();
  });
  const users = Server.Router();
  users.get("/:id", function getUser(req, res) {
    const child = tracer.startSpan("load user"); // the app's own span, inside the handler's
    child.end();
    res.json({ id: req.params.id });
  });
  app.use("/users", users);
  return app;
}

// What instrumentation-http does around a request: a server span, active, with RPC metadata.
async function request(app, path, { traced = true } = {}) {
  const server = http.createServer((req, res) => {
    if (!traced) return app(req, res);
    const span = tracer.startSpan(`${req.method}`, { kind: 1 });
    const rpcMetadata = { type: RPCType.HTTP, span };
    res.on("close", () => {
      routes.push(rpcMetadata.route);
      span.end();
    });
    context.with(setRPCMetadata(trace.setSpan(context.active(), span), rpcMetadata), () => app(req, res));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${server.address().port}${path}`);
    await response.text();
    await new Promise((resolve) => setTimeout(resolve, 20)); // the response's close
    return response.status;
  } finally {
    server.close();
  }
}

describe("LibServerInstrumentation", () => {
  test("spans for each layer, under the server span, and the route on its RPC metadata", async () => {
    const instrumentation = new LibServerInstrumentation();
    instrumentation.setTracerProvider(provider);
    try {
      expect(await request(makeApp(), "/users/7")).toBe(200);
    } finally {
      instrumentation.disable();
    }
    const spans = exporter.getFinishedSpans();
    const server = spans.find((span) => span.name === "GET");
    const byName = Object.fromEntries(spans.map((span) => [span.name, span]));
    expect(Object.keys(byName).sort()).toEqual([
      "GET",
      "load user",
      "middleware - audit",
      "request handler",
      "router - /:id",
    ]);
    expect(byName["middleware - audit"].attributes).toEqual({
      "express.name": "audit",
      "express.type": LayerType.MIDDLEWARE,
    });
    expect(byName["router - /:id"].attributes).toEqual({
      "http.route": "/users",
      "express.name": "/:id",
      "express.type": "router",
    });
    expect(byName["request handler"].attributes).toEqual({
      "http.route": "/users/:id",
      "express.name": "/users/:id",
      "express.type": "request_handler",
    });
    for (const name of ["middleware - audit", "router - /:id", "request handler"])
      expect(byName[name].parentSpanContext.spanId).toBe(server.spanContext().spanId);
    // the handler runs in its span's context
    expect(byName["load user"].parentSpanContext.spanId).toBe(byName["request handler"].spanContext().spanId);
    expect(routes).toEqual(["/users/:id"]);
  });

  test("the RPC metadata key is @opentelemetry/core's", () => {
    const metadata = { type: RPCType.HTTP };
    const active = setRPCMetadata(context.active(), metadata);
    expect(getRPCMetadata(active)).toBe(metadata);
  });

  test("no span outside a trace; the app answers as without it", async () => {
    const instrumentation = new LibServerInstrumentation();
    instrumentation.setTracerProvider(provider);
    try {
      expect(await request(makeApp(), "/users/7", { traced: false })).toBe(200);
    } finally {
      instrumentation.disable();
    }
    expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual(["load user"]);
  });

  test("subscribes only while enabled: disabled, the router publishes nothing", async () => {
    const instrumentation = new LibServerInstrumentation({ enabled: false });
    expect(layerChannel.hasSubscribers).toBe(false);
    instrumentation.enable();
    instrumentation.enable();
    expect(layerChannel.hasSubscribers).toBe(true);
    instrumentation.disable();
    expect(layerChannel.hasSubscribers).toBe(false);
    expect(await request(makeApp(), "/users/7")).toBe(200);
    expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual(["load user", "GET"]);
  });

  test("import, require() and dist/opentelemetry.cjs (no require() of ES modules) give the same names", () => {
    const names = (args, source) =>
      execFileSync(process.execPath, [...args, "-e", source], { cwd: root, encoding: "utf8" }).trim();
    const esm = names(
      ["--input-type=module"],
      'console.log(Object.keys(await import("lib-server/opentelemetry")).sort().join())',
    );
    const cjs =
      'const m = require("lib-server/opentelemetry"); console.log(Object.keys(m).filter((k) => k !== "__esModule" && k !== "module.exports").sort().join())';
    expect(esm).toBe("LayerType,LibServerInstrumentation");
    expect(names(["--input-type=commonjs"], cjs)).toBe(esm);
    expect(names(["--input-type=commonjs", "--no-experimental-require-module"], cjs)).toBe(esm);
  });

  test('importing or requiring "lib-server" loads no @opentelemetry module', () => {
    const source = `
      import { createRequire } from "node:module";
      import dc from "node:diagnostics_channel";
      import "lib-server";
      const require = createRequire(import.meta.url);
      require("lib-server");
      console.log(JSON.stringify({
        loaded: Object.keys(require.cache).filter((file) => file.includes("@opentelemetry")),
        subscribed: dc.channel("lib-server.layer").hasSubscribers,
      }));
    `;
    const seen = JSON.parse(
      execFileSync(process.execPath, ["--input-type=module", "-e", source], { cwd: root, encoding: "utf8" }),
    );
    expect(seen).toEqual({ loaded: [], subscribed: false });
  });
});
