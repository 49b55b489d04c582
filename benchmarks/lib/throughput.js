// Requests per second and latency for every server of a scenario. All its
// servers start once, each in its own process; then, round after round, the
// frameworks take turns (a different one first each round): check the answer,
// warm up (first round only), measure.
import { startServer } from "./server-process.js";
import { clientOf } from "./clients.js";
import { loadProblems } from "./load.js";
import { rotate } from "./stats.js";
import { cpuTimes, othersShare, stalled } from "./contention.js";
import { newEntry, presentServers, fail, finish } from "./roster.js";

// cpu: the server process's CPU time per answered request, which a saturated load
// generator cannot flatten the way it flattens req/s.
const METRIC_NAMES = ["rps", "cpu", "p50", "p99", "p999"];

export async function runThroughput(scenario, { plan, profile, log }) {
  const cases = scenario.cases.map((c) => ({
    name: c.name,
    title: c.title,
    connections: c.connections ?? profile.connections,
    ...(c.streams ? { streams: c.streams } : {}),
    // A case whose req/s only the load generator limits ranks servers by CPU per request.
    primary: c.primary ?? "rps",
    servers: scenario.servers.map((server) => newEntry(server)),
  }));
  const entriesOf = (server) => cases.map((c) => c.servers[scenario.servers.indexOf(server)]);
  const client = clientOf(scenario);
  const running = new Map();
  try {
    for (const server of presentServers(scenario.servers, entriesOf, log)) {
      try {
        running.set(
          server,
          await startServer(server.file, { plan, env: scenario.env, scheme: scenario.tls ? "https" : "http" }),
        );
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
          const turn = {
            server,
            client,
            handle: running.get(server),
            entry: entries[i],
            profile,
            plan,
            warm: round > 0,
          };
          const outcome = await runCase(scenarioCase, turn);
          log(
            `  ${scenario.name}/${scenarioCase.name} round ${round + 1}/${profile.rounds} ${server.label}: ${outcome}`,
          );
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
async function runCase(scenarioCase, { server, client, handle, entry, profile, plan, warm }) {
  const { url } = handle;
  const request = { ...scenarioCase.request, ...(await scenarioCase.prepare?.(url, server.name)) };
  const connections = scenarioCase.connections ?? profile.connections;
  // streams and protocol: for h2load (lib/clients.js); autocannon ignores them.
  const shape = { streams: scenarioCase.streams, protocol: scenarioCase.protocol };
  let problems = await client.check(url, request, scenarioCase.expect, scenarioCase.protocol);
  if (problems.length) return fail(entry, "wrong answer", problems.join("; "));

  if (profile.smoke) {
    const summary = await client.load(url, request, {
      ...shape,
      connections: Math.min(connections, 10),
      amount: scenarioCase.smokeRequests ?? profile.requests,
      expect: scenarioCase.expect,
    });
    problems = loadProblems(summary, scenarioCase.expect.status);
    if (problems.length) return fail(entry, "wrong answer under load", problems.join("; "));
    return `${summary.requests} correct answers`;
  }

  // Warm-up by request count, not time: every framework's JIT sees as many
  // calls before it is measured, however fast it is. A case may ask for more (its
  // own count, with a time limit that only stops a server that hangs).
  if (!warm) {
    const warmup = scenarioCase.warmup ?? { requests: profile.warmupRequests, seconds: profile.warmup };
    await client.load(url, request, { ...shape, connections, amount: warmup.requests, maxSeconds: warmup.seconds });
  }
  // minDuration: cases whose answers take long need time for a few to complete.
  const loadOptions = {
    ...shape,
    connections,
    duration: Math.max(profile.duration, scenarioCase.minDuration ?? 0),
    generator: profile.load,
  };
  // On a shared machine, a run during which other processes took 10% or more
  // of our cores, or the machine stalled, is measured again (profile.retries
  // times at most); the cleanest attempt counts.
  let best;
  let attempts = 0;
  while (attempts <= profile.retries) {
    attempts++;
    const measured = await timedRun(client, handle, request, loadOptions, plan, scenarioCase.expect.status);
    if (!best || cleaner(measured, best)) best = measured;
    if (best.problems.length === 0 && !(best.run.others >= profile.maxContention) && !stalled(best.run)) break;
  }
  const retried = attempts > 1 ? ` (${attempts} attempts: other processes on our cores, or a stall)` : "";
  if (best.problems.length) {
    // One bad run spoils the comparison: keep the reason, drop the numbers.
    entry.problems.push(best.problems.join("; "));
    return `discarded (${best.problems.join("; ")})${retried}`;
  }
  const { run } = best;
  entry.runs.push(run);
  const contended =
    run.others >= profile.maxContention ? `, other processes took ${Math.round(run.others * 100)}% of a core` : "";
  const stall = stalled(run) ? ", stalled" : "";
  return `${Math.round(run.rps)} req/s, p99 ${run.p99.toFixed(2)} ms${contended}${stall}${retried}`;
}

// One timed run, with how much of the server's and autocannon's cores other
// processes took meanwhile (null when not pinned or not on Linux).
async function timedRun(client, handle, request, loadOptions, plan, expectedStatus) {
  const cores = plan.pinned ? [plan.serverCpu, plan.loadCpu] : [];
  const usageBefore = await handle.usage();
  const coresBefore = cores.map(cpuTimes);
  const summary = await client.load(handle.url, request, loadOptions);
  const coresAfter = cores.map(cpuTimes);
  const usageAfter = await handle.usage();
  const serverSeconds = cpuSeconds(usageBefore.cpu, usageAfter.cpu);
  // wrk's own CPU time can be missing; then only the server's core is judged.
  const ownSeconds = [serverSeconds, summary.clientCpu === null ? null : summary.clientCpu * summary.seconds];
  const shares = cores
    .map((_, i) => (ownSeconds[i] === null ? null : othersShare(coresBefore[i], coresAfter[i], ownSeconds[i])))
    .filter((share) => share !== null);
  const run = {
    rps: summary.rps,
    ...summary.latency,
    requests: summary.requests,
    clientCpu: summary.clientCpu,
    serverCpu: serverSeconds / summary.seconds,
    cpu: summary.requests > 0 ? (serverSeconds / summary.requests) * 1e6 : null,
    others: shares.length ? Math.max(...shares) : null,
  };
  return { run, problems: loadProblems(summary, expectedStatus) };
}

// A valid run beats an invalid one, then one without a stall; then less contention wins.
export function cleaner(a, b) {
  if (a.problems.length !== b.problems.length) return a.problems.length < b.problems.length;
  if (stalled(a.run) !== stalled(b.run)) return !stalled(a.run);
  return (a.run.others ?? 0) < (b.run.others ?? 0);
}

function cpuSeconds(before, after) {
  return (after.user - before.user + after.system - before.system) / 1e6;
}
