// Elastic APM (elastic-apm-node 4) set up as Elastic's docs tell an Express user, on the
// same app on Express 5 and on lib-server, reporting to a fake APM Server on 127.0.0.1:
// lib-server's transactions, spans and errors must be Express 5's.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { startApmServer } from "../fixtures/elastic-apm-server.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const fixture = (name) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const REQUESTS = ["/users/7", "/api/items/3", "/boom", "/reject", "/nope"];

let apmServer;
beforeEach(async () => {
  apmServer = await startApmServer();
});
afterEach(() => apmServer.close());

// Elastic's configuration through the environment (`node -r elastic-apm-node/start`),
// loopback only: no central config, no cloud metadata, no metrics.
const agentEnv = () => ({
  ELASTIC_APM_SERVER_URL: apmServer.url,
  ELASTIC_APM_SERVICE_NAME: "monitoring-app",
  ELASTIC_APM_CENTRAL_CONFIG: "false",
  ELASTIC_APM_CLOUD_PROVIDER: "none",
  ELASTIC_APM_METRICS_INTERVAL: "0s",
  ELASTIC_APM_LOG_LEVEL: "warn",
});

/**
 * Runs `args` (node's) with FRAMEWORK=framework, drives `paths` one after the other, ends it
 * with GET /exit (the agent sends what it holds when the process exits) and returns what the
 * fake APM Server received.
 */
async function run(framework, args, paths, env = agentEnv()) {
  const events = apmServer.events;
  events.length = 0;
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, FRAMEWORK: framework, APM_SERVER_URL: apmServer.url },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    const { port } = JSON.parse(await firstLine(child.stdout));
    for (const path of paths) await fetch(`http://127.0.0.1:${port}${path}`).then((res) => res.text());
    // closing the connection lets the server close at once
    await fetch(`http://127.0.0.1:${port}/exit`, { headers: { connection: "close" } }).then((res) => res.text());
    await exited;
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill();
  }
  return events.splice(0);
}

function firstLine(stream) {
  return new Promise((resolve, reject) => {
    let text = "";
    stream.on("data", (chunk) => {
      text += chunk;
      if (text.includes("\n")) resolve(text.slice(0, text.indexOf("\n")));
    });
    stream.once("end", () => reject(new Error(`no line on stdout: ${text}`)));
  });
}

// What the agent reported, without ids, times, ports and the framework's own response
// headers: transactions in the order they ended, their spans, the errors and what they are
// attached to.
function reportOf(events) {
  const of = (kind) => events.filter((event) => kind in event).map((event) => event[kind]);
  const transactions = of("transaction");
  const spans = of("span");
  const nameOf = (id) =>
    transactions.find((transaction) => transaction.id === id)?.name ?? spans.find((span) => span.id === id)?.name ?? id;
  return {
    framework: of("metadata")[0]?.service.framework,
    transactions: transactions
      .filter((transaction) => transaction.context.request.url.pathname !== "/exit")
      .map((transaction) => ({
        path: transaction.context.request.url.pathname,
        name: transaction.name,
        type: transaction.type,
        result: transaction.result,
        outcome: transaction.outcome,
        spans: transaction.span_count.started,
      })),
    spans: spans.map((span) => ({
      name: span.name,
      type: span.type,
      subtype: span.subtype,
      parent: nameOf(span.parent_id),
    })),
    errors: of("error")
      .map((error) => ({
        type: error.exception?.type,
        message: error.exception?.message ?? error.log?.message,
        handled: error.exception?.handled,
        culprit: error.culprit,
        transaction: nameOf(error.transaction_id),
        transactionNamed: error.transaction?.name,
        parent: nameOf(error.parent_id),
        request: error.context.request?.url.pathname,
        status: error.context.response?.status_code,
      }))
      .sort((a, b) => a.request.localeCompare(b.request)),
  };
}

async function reports(args, paths, env) {
  const express = reportOf(await run("express", args, paths, env));
  const libServer = reportOf(await run("lib-server", args, paths, env));
  return { express, libServer };
}

// The one intended difference: the agent reports the framework it instruments, and lib-server
// tells it lib-server's name and version (Express 5 reports express 5.x).
function withoutFramework({ framework, ...report }) {
  return report;
}

const boomError = (transaction) => ({
  type: "Error",
  message: "boom from a route",
  handled: true,
  culprit: "boom (test/monitoring/fixtures/app-definition.cjs)",
  transaction,
  transactionNamed: transaction,
  parent: transaction,
  request: "/boom",
  status: 500,
});

describe("Elastic APM set up as for Express", () => {
  test("node -r elastic-apm-node/start (ELASTIC_APM_* environment): the same transactions and errors", async () => {
    const { express, libServer } = await reports(["-r", "elastic-apm-node/start", fixture("app.cjs")], REQUESTS);
    expect(express.transactions.map((transaction) => transaction.name)).toEqual([
      "GET /users/:id",
      "GET /api/items/:itemId",
      "GET /boom",
      "GET /reject",
      "GET unknown route",
    ]);
    expect(express.spans).toEqual([]); // the agent builds no span for Express
    expect(express.errors).toEqual([
      boomError("GET /boom"),
      {
        ...boomError("GET /reject"),
        message: "rejected from an async route",
        culprit: "reject (test/monitoring/fixtures/app-definition.cjs)",
        request: "/reject",
      },
    ]);
    expect(withoutFramework(libServer)).toEqual(withoutFramework(express));
    expect(express.framework).toEqual({ name: "express", version: expect.stringMatching(/^5\./) });
    expect(libServer.framework).toEqual({ name: "lib-server", version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  test("require('elastic-apm-node').start({ ... }) on the app's first line: the same", async () => {
    const { express, libServer } = await reports([fixture("elastic-start.cjs")], REQUESTS, {});
    expect(express.transactions.map((transaction) => transaction.name)).toContain("GET /api/items/:itemId");
    expect(express.errors).toHaveLength(2);
    expect(withoutFramework(libServer)).toEqual(withoutFramework(express));
    expect(libServer.framework.name).toBe("lib-server");
  });

  // On Node 22 (22.23) that set-up fails before any app code runs, with Express or without
  // (ERR_METHOD_NOT_IMPLEMENTED, resolveSync(), from a require() of the agent's dependencies
  // under its loader): nothing to compare there.
  const esmSetUpFails = process.versions.node.startsWith("22.");
  test.skipIf(esmSetUpFails)(
    "an ES module app (--experimental-loader=elastic-apm-node/loader.mjs -r elastic-apm-node/start.js): the same",
    async () => {
      const args = [
        "--experimental-loader=elastic-apm-node/loader.mjs",
        "-r",
        "elastic-apm-node/start.js",
        fixture("app.mjs"),
      ];
      // Node warns that --experimental-loader may go away: Elastic's documented set-up all the same
      const { express, libServer } = await reports(args, REQUESTS, { ...agentEnv(), NODE_NO_WARNINGS: "1" });
      expect(express.transactions.map((transaction) => transaction.name)).toContain("GET /api/items/:itemId");
      expect(express.errors).toHaveLength(2);
      expect(withoutFramework(libServer)).toEqual(withoutFramework(express));
      expect(libServer.framework.name).toBe("lib-server");
    },
  );

  test("the agent's own cases: a mounted middleware answering, errors no error handler receives, a name the app sets", async () => {
    const paths = [
      "/api/health",
      "/api/fail",
      "/api/custom",
      "/api/pass",
      "/recovered",
      "/string",
      "/files/app.cjs",
      "/files/none.txt",
      "/decoding/%E0%A4%A",
      "/users/%E0%A4%A",
    ];
    const { express, libServer } = await reports(["-r", "elastic-apm-node/start", fixture("elastic-edges.cjs")], paths);
    expect(express.transactions.map((transaction) => transaction.name)).toEqual([
      "GET /api/health",
      "GET /api/fail",
      "custom name",
      "GET /pass", // the router popped "/api" when it passed the request on
      "GET /recovered",
      "GET /string",
      "GET static file",
      "GET unknown route", // express.static passed it on: no longer a static file
      "GET /decoding",
      "GET unknown route",
    ]);
    // captured by a router's error handler or at Express's final handler; not the error a
    // route's own error handler recovered from
    const undecodable = "Failed to decode param '%E0%A4%A'";
    expect(express.errors.map((error) => [error.request, error.message, error.transaction])).toEqual([
      ["/api/fail", "failed in a mounted router", "GET /api/fail"],
      ["/decoding/%E0%A4%A", undecodable, "GET /decoding"],
      ["/string", "a string error", "GET /string"],
      ["/users/%E0%A4%A", undecodable, "GET unknown route"],
    ]);
    // The same errors, the router's own (a parameter that does not decode) too: a router's error
    // handler receives it, or the final handler (the "lib-server.final-handler" channel, where
    // the agent wraps Express's finalhandler). Its culprit, the top frame of its stack, is the
    // router's own function that threw it.
    const expected = express.errors.map((error) =>
      error.message === undecodable ? { ...error, culprit: "decodeParam (src/router/pattern.js)" } : error,
    );
    expect(express.errors[1].culprit).toBe("decodeURIComponent");
    expect(withoutFramework(libServer)).toEqual({ ...withoutFramework(express), errors: expected });
  });

  test("disableInstrumentations: 'express' leaves lib-server unnamed by mount path too, as Express", async () => {
    const env = { ...agentEnv(), ELASTIC_APM_DISABLE_INSTRUMENTATIONS: "express" };
    const { express, libServer } = await reports(["-r", "elastic-apm-node/start", fixture("app.cjs")], REQUESTS, env);
    expect(express.transactions[1].name).toBe("GET /items/:itemId");
    expect(express.errors).toEqual([]);
    expect(express.framework).toBeUndefined();
    expect(libServer).toEqual(express);
  });
});

describe("lib-server subscribes to its channels only for an agent that instruments Express", () => {
  // The fixture's line, once its process (which makes an app and serves nothing) has exited.
  async function subscribers(env) {
    const child = spawn(process.execPath, ["-r", "elastic-apm-node/start", fixture("elastic-subscribers.cjs")], {
      cwd: root,
      env: { ...process.env, ...agentEnv(), ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const line = await firstLine(child.stdout);
    await exited;
    return JSON.parse(line);
  }
  const none = { requestStart: false, layer: false, handler: false };

  test("an active agent: subscribed", async () => {
    expect(await subscribers({})).toEqual({ requestStart: true, layer: true, handler: true });
  });

  test.each([
    ["active: false", { ELASTIC_APM_ACTIVE: "false" }],
    ["instrument: false", { ELASTIC_APM_INSTRUMENT: "false" }],
    ["disableInstrumentations: express", { ELASTIC_APM_DISABLE_INSTRUMENTATIONS: "http,express" }],
  ])("%s: nothing subscribed", async (_, env) => {
    expect(await subscribers(env)).toEqual(none);
  });
});
