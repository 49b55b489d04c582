// latest.json accumulates: running one scenario replaces that scenario only,
// and every scenario remembers which invocation (runId) measured it.
import { readFileSync } from "node:fs";

export function readResults(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return { runs: {}, scenarios: {} };
  }
}

// order: scenario names in the order reports should list them.
export function mergeResults(previous, { meta, scenarios }, order) {
  const merged = { ...previous.scenarios, ...scenarios };
  const names = [
    ...order.filter((name) => name in merged),
    ...Object.keys(merged).filter((name) => !order.includes(name)),
  ];
  const ordered = Object.fromEntries(names.map((name) => [name, merged[name]]));
  const runs = {};
  for (const scenario of Object.values(ordered)) {
    const runMeta = scenario.runId === meta.runId ? meta : previous.runs?.[scenario.runId];
    if (runMeta) runs[scenario.runId] = runMeta;
  }
  return { runs, scenarios: ordered };
}
