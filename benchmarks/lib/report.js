// Writes benchmarks/results/: latest.json (merged with earlier scenarios),
// latest.md and one SVG per headline case.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readResults, mergeResults } from "./results-file.js";
import { evaluateTargets } from "./targets.js";
import { renderMarkdown, formatRatio, formatGoal } from "./markdown.js";
import { renderCharts } from "./charts.js";

export function writeReport(dir, run, order) {
  mkdirSync(dir, { recursive: true });
  const jsonPath = join(dir, "latest.json");
  const results = mergeResults(readResults(jsonPath), run, order);
  const targets = evaluateTargets(results.scenarios);
  writeFileSync(jsonPath, `${JSON.stringify({ ...results, targets }, null, 2)}\n`);
  writeFileSync(join(dir, "latest.md"), renderMarkdown(results, targets));
  const charts = renderCharts(results);
  for (const { file, svg } of charts) writeFileSync(join(dir, file), svg);
  return { targets, files: ["latest.json", "latest.md", ...charts.map((chart) => chart.file)] };
}

// Console lines for the targets this run could judge.
export function targetLines(targets, runScenarios) {
  return targets
    .filter((t) => t.scenario in runScenarios)
    .map((t) => {
      const verdict = t.pass === null ? `n/a (${t.reason})` : t.pass ? "pass" : "MISS";
      const goal = formatGoal(t);
      const where = t.case === t.scenario ? t.scenario : `${t.scenario}/${t.case}`;
      return `${verdict.padEnd(5)} ${where}: ${t.subject} ÷ ${t.peer} = ${formatRatio(t.ratio)} (goal ${goal})`;
    });
}
