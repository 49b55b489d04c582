// Memory: resident set size of each server at rest, at its peak under load
// (sampled over IPC while autocannon runs) and once the load has stopped.
import { setTimeout as sleep } from "node:timers/promises";
import { startServer } from "./server-process.js";
import { checkAnswer } from "./http-check.js";
import { runLoad, loadProblems } from "./load.js";
import { rotate } from "./stats.js";
import { newEntry, presentServers, fail, finish } from "./roster.js";

const METRIC_NAMES = ["rest", "load", "after"];

const SAMPLE_EVERY_MS = 250;
const MB = 1024 * 1024;

export async function runMemory(scenario, { plan, profile, log }) {
  const entries = scenario.servers.map((server) => newEntry(server));
  const entryOf = (server) => entries[scenario.servers.indexOf(server)];
  const present = presentServers(scenario.servers, (server) => [entryOf(server)], log);
  const rounds = profile.smoke ? 1 : profile.rounds;

  for (let round = 0; round < rounds; round++) {
    for (const server of rotate(present, round)) {
      const entry = entryOf(server);
      if (entry.status !== "ok") continue;
      const outcome = await measureOnce(scenario, server, entry, { plan, profile });
      log(`  memory round ${round + 1}/${rounds} ${server.label}: ${outcome}`);
    }
  }
  for (const entry of entries) finish(entry, METRIC_NAMES);
  return {
    kind: "memory",
    metrics: METRIC_NAMES,
    cases: [{ name: "memory", title: scenario.title, primary: "rest", servers: entries }],
  };
}

async function measureOnce(scenario, server, entry, { plan, profile }) {
  let handle;
  try {
    handle = await startServer(server.file, { plan });
  } catch (error) {
    return fail(entry, "failed to start", error.message);
  }
  try {
    const problems = await checkAnswer(handle.url, scenario.request, scenario.expect);
    if (problems.length) return fail(entry, "wrong answer", problems.join("; "));
    await sleep(profile.smoke ? 0 : profile.settle * 1000); // start-up garbage and timers quiet down
    const usage = await handle.usage();
    const rest = usage.memory.rss / MB;
    entry.node = usage.node; // the server's own process.version: the Node --node chose
    const loadOptions = profile.smoke
      ? { connections: 10, amount: profile.requests }
      : { connections: profile.connections, duration: profile.duration };
    const { peak, summary } = await peakDuring(handle, runLoad(handle.url, scenario.request, loadOptions));
    const loadIssues = loadProblems(summary, scenario.expect.status);
    if (loadIssues.length) {
      if (profile.smoke) return fail(entry, "wrong answer under load", loadIssues.join("; "));
      entry.problems.push(loadIssues.join("; "));
      return `discarded (${loadIssues.join("; ")})`;
    }
    await sleep(profile.smoke ? 0 : profile.afterLoad * 1000);
    const after = await rssMB(handle);
    entry.runs.push({ rest, load: peak, after });
    if (profile.smoke) return "memory readable over IPC";
    return `rest ${rest.toFixed(1)} MB, load ${peak.toFixed(1)} MB, after ${after.toFixed(1)} MB`;
  } catch (error) {
    return fail(entry, "errors under load", error.message);
  } finally {
    await handle.stop();
  }
}

async function rssMB(handle) {
  return (await handle.usage()).memory.rss / MB;
}

// Samples RSS until the load finishes. The first sample is taken at once, so
// even a short run yields a reading under load.
async function peakDuring(handle, loading) {
  let finished = false;
  const done = loading.finally(() => {
    finished = true;
  });
  let peak = 0;
  do {
    peak = Math.max(peak, await rssMB(handle));
    await Promise.race([sleep(SAMPLE_EVERY_MS), done]);
  } while (!finished);
  return { peak, summary: await done };
}
