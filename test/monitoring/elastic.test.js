// The Elastic APM adapter is looked for once per app made, and costs an app nothing unless
// a started agent instruments Express (test/monitoring/tools/elastic.test.js runs the real
// agent, in child processes on Node 24; no agent is loaded here).
import dc from "node:diagnostics_channel";
import { expect, test } from "vitest";
import Server from "../../src/index.js";

const subscribed = () => ({
  requestStart: dc.channel("lib-server.request.start").hasSubscribers,
  layer: dc.channel("lib-server.layer").hasSubscribers,
  handler: dc.tracingChannel("express.router.request").hasSubscribers,
});
const none = { requestStart: false, layer: false, handler: false };

test("no agent started: an app subscribes to nothing", () => {
  Server();
  expect(subscribed()).toEqual(none);
});

test("the mark of a started agent whose module is not among those loaded: nothing subscribed, nothing thrown", () => {
  // what elastic-apm-node's start() leaves on globalThis, from a copy of the agent no
  // require() loaded (an agent bundled with the app, which Elastic does not support)
  const mark = Symbol("ElasticAPMAgentInitialized");
  globalThis[mark] = true;
  try {
    Server();
    expect(subscribed()).toEqual(none);
  } finally {
    delete globalThis[mark];
  }
});
