// The Datadog adapter's switch, without dd-trace (test/monitoring/tools/datadog.test.js runs
// the real one): an app made where dd-trace's tracer is not running loads nothing for it and
// subscribes to nothing; where it runs, the adapter announces Express's modules to dd-trace and
// subscribes only for the plugins that then listen. Each case in a process of its own, since
// an adapter attaches once per process.
import { execFileSync } from "node:child_process";
import { describe, expect, test } from "vitest";

const INDEX = new URL("../../src/index.js", import.meta.url).href;

// Makes an app after `setup`, and prints what dd-trace would have been told and which of
// lib-server's channels have subscribers.
function run(setup, env = {}) {
  const script = `
    import dc from "node:diagnostics_channel";
    const announced = [];
    dc.subscribe("dd-trace:instrumentation:load", ({ name }) => announced.push(name));
    ${setup}
    const { default: Server } = await import(${JSON.stringify(INDEX)});
    Server();
    const subscribed = ["lib-server.layer", "lib-server.request.start", "tracing:express.router.request:start"]
      .filter((name) => dc.channel(name).hasSubscribers);
    console.log(JSON.stringify({ announced, subscribed }));`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    env: { ...process.env, DD_TRACE_DISABLED_INSTRUMENTATIONS: "", ...env },
  });
  return JSON.parse(out);
}

// What dd-trace leaves on globalThis once init() ran, and its plugins' subscriptions.
const TRACER = "globalThis._ddtrace = { _initialized: true };";
const ROUTER_PLUGIN = 'dc.subscribe("apm:router:middleware:enter", () => {});';
const EXPRESS_PLUGIN = 'dc.subscribe("apm:express:request:handle", () => {});';

describe("the Datadog adapter", () => {
  test("no dd-trace: nothing announced, nothing subscribed", () => {
    expect(run("")).toEqual({ announced: [], subscribed: [] });
  });

  test("dd-trace required but not initialized: nothing", () => {
    expect(run("globalThis._ddtrace = { _initialized: false };")).toEqual({ announced: [], subscribed: [] });
  });

  test("dd-trace running with its express and router plugins on: every channel", () => {
    expect(run(TRACER + ROUTER_PLUGIN + EXPRESS_PLUGIN)).toEqual({
      announced: ["express", "router"],
      subscribed: ["lib-server.layer", "lib-server.request.start", "tracing:express.router.request:start"],
    });
  });

  test("the router plugin alone: the layers; the express plugin alone: the request", () => {
    expect(run(TRACER + ROUTER_PLUGIN).subscribed).toEqual([
      "lib-server.layer",
      "tracing:express.router.request:start",
    ]);
    expect(run(TRACER + EXPRESS_PLUGIN).subscribed).toEqual(["lib-server.request.start"]);
  });

  test("dd-trace running with neither plugin listening: announced, nothing subscribed", () => {
    expect(run(TRACER)).toEqual({ announced: ["express", "router"], subscribed: [] });
  });

  test("an instrumentation disabled by DD_TRACE_DISABLED_INSTRUMENTATIONS is not announced", () => {
    expect(run(TRACER, { DD_TRACE_DISABLED_INSTRUMENTATIONS: "express, fs" }).announced).toEqual(["router"]);
  });
});
