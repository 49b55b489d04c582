#!/usr/bin/env node
// node benchmarks/monitoring-tools.js [seconds]: requests per second of
// test/monitoring/fixtures/app.cjs (GET /api/items/3: a middleware, a router with its own
// middleware, a route) on Express 5 and on lib-server, with no tool, with OpenTelemetry's
// zero-code set-up and with Sentry 11, each reporting to a local sink that drops what it gets.
// Three interleaved rounds, the median printed. Run on Node 24 (the tools' SDKs need 22+).
import { spawn } from "node:child_process";
import { once } from "node:events";
import http from "node:http";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const root = fileURLToPath(new URL("..", import.meta.url));
const seconds = Number(process.argv[2] ?? 3);

const sink = http.createServer((req, res) => req.resume().on("end", () => res.end("{}")));
sink.listen(0, "127.0.0.1");
await once(sink, "listening");
const sinkUrl = `http://127.0.0.1:${sink.address().port}`;

const TOOLS = {
  none: { args: [], env: {} },
  opentelemetry: {
    args: ["--require", "@opentelemetry/auto-instrumentations-node/register"],
    env: {
      OTEL_TRACES_EXPORTER: "otlp",
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_EXPORTER_OTLP_ENDPOINT: sinkUrl,
      OTEL_METRICS_EXPORTER: "none",
      OTEL_LOGS_EXPORTER: "none",
      OTEL_NODE_RESOURCE_DETECTORS: "none",
    },
  },
  sentry: {
    args: ["--import", "./test/monitoring/fixtures/sentry-instrument.mjs"],
    env: { SENTRY_PORT: String(sink.address().port) },
  },
};

async function measure(framework, tool) {
  const { args, env } = TOOLS[tool];
  const app = spawn(process.execPath, [...args, "test/monitoring/fixtures/app.cjs"], {
    cwd: root,
    env: { ...process.env, ...env, FRAMEWORK: framework },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [line] = await once(app.stdout.setEncoding("utf8"), "data");
  const url = `http://127.0.0.1:${JSON.parse(line).port}/api/items/3`;
  await autocannon({ url, connections: 10, duration: 1 }); // warm-up
  const result = await autocannon({ url, connections: 10, duration: seconds });
  app.kill("SIGKILL");
  await once(app, "exit");
  return result.requests.average;
}

const results = {};
for (let round = 0; round < 3; round++) {
  for (const tool of Object.keys(TOOLS)) {
    for (const framework of ["express", "lib-server"]) {
      (results[`${tool} ${framework}`] ??= []).push(await measure(framework, tool));
    }
  }
}
sink.close();

const median = (values) => [...values].sort((a, b) => a - b)[1];
console.log(`Node ${process.version}, ${seconds} s per run, median of 3 (req/s)`);
for (const tool of Object.keys(TOOLS)) {
  const express = median(results[`${tool} express`]);
  const libServer = median(results[`${tool} lib-server`]);
  const ratio = (libServer / express).toFixed(2);
  console.log(
    `${tool.padEnd(14)} Express 5 ${express.toFixed(0).padStart(6)}  lib-server ${libServer.toFixed(0).padStart(6)}  ×${ratio}`,
  );
}
