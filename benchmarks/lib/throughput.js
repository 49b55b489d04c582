// Requests per second and latency for every server of a scenario, frameworks
// taking turns over several rounds. Each turn is a fresh process: start, check
// every case, warm up, measure, stop.
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
  const present = presentServers(scenario.servers, entriesOf, log);

  for (let round = 0; round < profile.rounds; round++) {
    for (const server of rotate(present, round)) {
      const entries = entriesOf(server);
      if (entries.every((entry) => entry.status !== "ok")) continue;
      await runTurn(scenario, server, entries, { plan, profile, log, round });
    }
  }
  for (const c of cases) for (const entry of c.servers) finish(entry, METRIC_NAMES);
  return { kind: "throughput", metrics: METRIC_NAMES, cases };
}

async function runTurn(scenario, server, entries, { plan, profile, log, round }) {
  let handle;
  try {
    handle = await startServer(server.file, { plan });
  } catch (error) {
    for (const entry of entries) fail(entry, "failed to start", error.message);
    log(`  ${server.label}: failed to start: ${error.message}`);
    return;
  }
  try {
    for (let i = 0; i < scenario.cases.length; i++) {
      if (entries[i].status !== "ok") continue;
      const outcome = await runCase(scenario.cases[i], handle.url, entries[i], profile);
      log(`  ${scenario.name}/${scenario.cases[i].name} round ${round + 1}/${profile.rounds} ${server.label}: ${outcome}`);
    }
  } finally {
    await handle.stop();
  }
}

// Returns a one-line account of what happened, for the progress log.
async function runCase(scenarioCase, url, entry, profile) {
  const request = { ...scenarioCase.request, ...(await scenarioCase.prepare?.(url)) };
  const connections = scenarioCase.connections ?? profile.connections;
  let problems = await checkAnswer(url, request, scenarioCase.expect);
  if (problems.length) return fail(entry, "wrong answer", problems.join("; "));

  if (profile.smoke) {
    const summary = await runLoad(url, request, {
      connections: Math.min(connections, 10),
      amount: profile.requests,
      verifyBody: bodyVerifier(scenarioCase.expect),
    });
    problems = loadProblems(summary, scenarioCase.expect.status);
    if (problems.length) return fail(entry, "wrong answer under load", problems.join("; "));
    return `${summary.requests} correct answers`;
  }

  if (profile.warmup > 0) await runLoad(url, request, { connections, duration: profile.warmup });
  const summary = await runLoad(url, request, { connections, duration: profile.duration });
  problems = loadProblems(summary, scenarioCase.expect.status);
  if (problems.length) {
    // One bad run spoils the comparison: keep the reason, drop the numbers.
    entry.problems.push(problems.join("; "));
    return `discarded (${problems.join("; ")})`;
  }
  entry.runs.push({ rps: summary.rps, ...summary.latency, requests: summary.requests });
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
