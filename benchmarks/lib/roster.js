// The per-server bookkeeping every kind of measurement shares: which servers
// exist, what happened to each, and the medians of its valid runs.
import { existsSync } from "node:fs";
import { summarize } from "./stats.js";

// status: "ok" | "missing" | "failed to start" | "wrong answer" |
// "wrong answer under load" | "errors under load" | "no valid run"
export function newEntry(server) {
  return { name: server.name, label: server.label, subject: server.subject, status: "ok", problems: [], runs: [] };
}

// Scripts of other scenarios' helpers may not exist yet: skip them, loudly.
export function presentServers(servers, entriesFor, log) {
  return servers.filter((server) => {
    if (existsSync(server.file)) return true;
    for (const entry of entriesFor(server)) entry.status = "missing";
    log(`  ${server.label}: skipped, ${server.file} does not exist`);
    return false;
  });
}

export function fail(entry, status, problem) {
  entry.status = status;
  entry.problems.push(problem);
  return `${status}: ${problem}`;
}

// Medians over the valid runs; an entry whose every run was discarded says so
// (its problems tell why: errors, timeouts, no answer completed in time...).
export function finish(entry, metricNames) {
  entry.metrics = {};
  if (entry.runs.length === 0) {
    if (entry.status === "ok" && entry.problems.length) entry.status = "no valid run";
    return entry;
  }
  for (const key of metricNames) entry.metrics[key] = summarize(entry.runs.map((run) => run[key]));
  return entry;
}
