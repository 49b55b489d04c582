// The New Relic adapter's guards, without the agent (npm test, any Node line): nothing is
// loaded or subscribed unless the agent runs, and an agent whose internals are not where the
// adapter looks gets a warning, not a broken app.
import dc from "node:diagnostics_channel";
import { createRequire } from "node:module";
import { afterEach, expect, test, vi } from "vitest";
import Server from "../../src/index.js";
import { start } from "../helpers/server.js";

const require = createRequire(import.meta.url);
const attached = () => globalThis[Symbol.for("lib-server.monitoring.attached")] ?? new Set();
const subscribed = () =>
  dc.channel("lib-server.layer").hasSubscribers || dc.tracingChannel("express.router.request").start.hasSubscribers;

afterEach(() => {
  delete require.cache.__NR_cache;
  vi.restoreAllMocks();
});

async function answers(app) {
  app.get("/users/:id", (req, res) => res.json({ id: req.params.id }));
  const server = await start(app);
  try {
    return (await server.request("/users/7")).status;
  } finally {
    await server.close();
  }
}

test("no agent: no adapter attached, nothing subscribed", async () => {
  expect(await answers(Server())).toBe(200);
  expect(attached().has("newrelic")).toBe(false);
  expect(subscribed()).toBe(false);
});

test("a disabled agent (its stub API, without `agent`): no adapter attached", async () => {
  require.cache.__NR_cache = { setTransactionName() {} };
  expect(await answers(Server())).toBe(200);
  expect(attached().has("newrelic")).toBe(false);
  expect(subscribed()).toBe(false);
});

test("an agent whose internals cannot be reached: a warning, nothing subscribed, the app answers", async () => {
  const warn = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
  require.cache.__NR_cache = { agent: { config: { instrumentation: { express: { enabled: true } } } } };
  expect(await answers(Server())).toBe(200);
  expect(attached().has("newrelic")).toBe(true);
  expect(warn).toHaveBeenCalledWith(
    expect.stringMatching(/^lib-server: New Relic's Express instrumentation cannot be reached/),
  );
  expect(subscribed()).toBe(false);
});
