// Requests per second and latency for every server of a scenario. All its
// servers start once, each in its own process; then, round after round, the
// frameworks take turns (a different one first each round): check the answer,
// warm up (first round only), measure.
import { isDeepStrictEqual } from "node:util";
import { startServer } from "./server-process.js";
import { checkAnswer } from "./http-check.js";
import { runLoad, loadProblems } from "./load.js";
import { rotate } from "./stats.js";
import { newEntry, presentServers, fail, finish } from "./roster.js";

const METRIC_NAMES = ["rps", "p50", "p99", "p999"];

export async function runThroughput(scenario, { plan, profile, log }) {
  const cases = scenario.cases.map((c) => ({
    name: c.name,
    title: c.title,
    connections: c.connections ?? profile.connections,
    primary: "rps",
    servers: scenario.servers.map((server) => newEntry(server)),
  }));
  const entriesOf = (server) => cases.map((c) => c.servers[scenario.servers.indexOf(server)]);
  const running = new Map();
  try {
    for (const server of presentServers(scenario.servers, entriesOf, log)) {
      try {
        running.set(server, await startServer(server.file, { plan, env: scenario.env }));
      } catch (error) {
        for (const entry of entriesOf(server)) fail(entry, "failed to start", error.message);
        log(`  ${server.label}: failed to start: ${error.message}`);
      }
    }
    for (let round = 0; round < profile.rounds; round++) {
      for (const server of rotate([...running.keys()], round)) {
        const entries = entriesOf(server);
        for (const [i, scenarioCase] of scenario.cases.entries()) {
          if (entries[i].status !== "ok") continue;
          const turn = { server, url: running.get(server).url, entry: entries[i], profile, warm: round > 0 };
          const outcome = await runCase(scenarioCase, turn);
          log(`  ${scenario.name}/${scenarioCase.name} round ${round + 1}/${profile.rounds} ${server.label}: ${outcome}`);
        }
      }
    }
  } finally {
    await Promise.all([...running.values()].map((handle) => handle.stop()));
  }
  for (const c of cases) for (const entry of c.servers) finish(entry, METRIC_NAMES);
  return { kind: "throughput", metrics: METRIC_NAMES, cases };
}

// Returns a one-line account of what happened, for the progress log.
// A case's prepare(url, serverName) may adapt the request to one server
// (e.g. send back the ETag that server gave out).
async function runCase(scenarioCase, { server, url, entry, profile, warm }) {
  const request = { ...scenarioCase.request, ...(await scenarioCase.prepare?.(url, server.name)) };
  const connections = scenarioCase.connections ?? profile.connections;
  let problems = await checkAnswer(url, request, scenarioCase.expect);
  if (problems.length) return fail(entry, "wrong answer", problems.join("; "));

  if (profile.smoke) {
    const summary = await runLoad(url, request, {
      connections: Math.min(connections, 10),
      amount: scenarioCase.smokeRequests ?? profile.requests,
      verifyBody: bodyVerifier(scenarioCase.expect),
    });
    problems = loadProblems(summary, scenarioCase.expect.status);
    if (problems.length) return fail(entry, "wrong answer under load", problems.join("; "));
    return `${summary.requests} correct answers`;
  }

  // Warm-up by request count, not time: every framework's JIT sees as many
  // calls before it is measured, however fast it is.
  if (!warm) {
    await runLoad(url, request, { connections, amount: profile.warmupRequests, maxSeconds: profile.warmup });
  }
  // minDuration: cases whose answers take long need time for a few to complete.
  const duration = Math.max(profile.duration, scenarioCase.minDuration ?? 0);
  const summary = await runLoad(url, request, { connections, duration });
  problems = loadProblems(summary, scenarioCase.expect.status);
  if (problems.length) {
    // One bad run spoils the comparison: keep the reason, drop the numbers.
    entry.problems.push(problems.join("; "));
    return `discarded (${problems.join("; ")})`;
  }
  entry.runs.push({ rps: summary.rps, ...summary.latency, requests: summary.requests, clientCpu: summary.clientCpu });
  return `${Math.round(summary.rps)} req/s, p99 ${summary.latency.p99.toFixed(2)} ms`;
}

// Under smoke load every body is compared too, when the scenario knows it.
function bodyVerifier(expect) {
  if (typeof expect.body === "string" && expect.body !== "") return (text) => text === expect.body;
  if (expect.json !== undefined) {
    return (text) => {
      try {
        return isDeepStrictEqual(JSON.parse(text), expect.json);
      } catch {
        return false;
      }
    };
  }
  return undefined;
}
