// Cold start: from spawning `node server.js` to the first correct answer,
// every server in turn, many times. No probe is preloaded, so the process
// starts exactly as a user's would.
import { startServer } from "./server-process.js";
import { checkAnswer } from "./http-check.js";
import { rotate } from "./stats.js";
import { newEntry, presentServers, fail, finish } from "./roster.js";

const METRIC_NAMES = ["ms"];

export async function runColdStart(scenario, { plan, profile, log }) {
  const entries = scenario.servers.map((server) => newEntry(server));
  const entryOf = (server) => entries[scenario.servers.indexOf(server)];
  const present = presentServers(scenario.servers, (server) => [entryOf(server)], log);
  const starts = profile.smoke ? 1 : profile.coldStarts;

  for (let run = 0; run < starts; run++) {
    for (const server of rotate(present, run)) {
      const entry = entryOf(server);
      if (entry.status !== "ok") continue;
      const outcome = await startOnce(scenario, server, entry, plan);
      if (outcome) log(`  cold start ${run + 1}/${starts} ${server.label}: ${outcome}`);
    }
  }
  for (const entry of entries) finish(entry, METRIC_NAMES);
  for (const entry of entries) {
    if (entry.metrics.ms && !profile.smoke) log(`  ${entry.label}: median ${entry.metrics.ms.median.toFixed(1)} ms`);
  }
  return {
    kind: "cold-start",
    metrics: METRIC_NAMES,
    cases: [{ name: "cold-start", title: scenario.title, primary: "ms", servers: entries }],
  };
}

// Returns a log line for failures only: 15 lines per server would drown the rest.
async function startOnce(scenario, server, entry, plan) {
  let handle;
  try {
    handle = await startServer(server.file, { plan, probe: false });
  } catch (error) {
    return fail(entry, "failed to start", error.message);
  }
  try {
    const problems = await checkAnswer(handle.url, scenario.request, scenario.expect);
    if (problems.length) return fail(entry, "wrong answer", problems.join("; "));
    entry.runs.push({ ms: Number(process.hrtime.bigint() - handle.startedAt) / 1e6 });
    return null;
  } finally {
    await handle.stop();
  }
}
