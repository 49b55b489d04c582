#!/usr/bin/env node
// npm run bench [-- scenario ... --quick | --smoke]: see benchmarks/README.md.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseCommandLine, USAGE } from "./lib/args.js";
import { pinLoadGenerator } from "./lib/affinity.js";
import { collectMeta } from "./lib/meta.js";
import { runThroughput } from "./lib/throughput.js";
import { runColdStart } from "./lib/cold-start.js";
import { runMemory } from "./lib/memory.js";
import { writeReport, targetLines } from "./lib/report.js";
import { scenarios, selectScenarios } from "./scenarios/index.js";

const RESULTS_DIR = fileURLToPath(new URL("./results/", import.meta.url));

const RUNNERS = { throughput: runThroughput, "cold-start": runColdStart, memory: runMemory };
const FAILED = new Set(["failed to start", "wrong answer", "wrong answer under load", "errors under load"]);

const log = (line) => console.log(line);

async function main() {
  const options = parseCommandLine(process.argv.slice(2));
  if (options.help) return log(USAGE);
  if (options.list) {
    for (const scenario of scenarios) log(`${scenario.name.padEnd(14)} ${scenario.title}`);
    return;
  }
  const selected = selectScenarios(options.names);
  const plan = options.pin ? pinLoadGenerator() : { pinned: false, reason: "--no-pin" };
  const meta = collectMeta(plan);
  const { profile } = options;
  const runId = new Date().toISOString();
  log(`lib-server benchmarks, ${profile.name} profile, ${meta.pinning}`);

  const results = {};
  for (const scenario of selected) {
    log(`\n${scenario.name}: ${scenario.title}`);
    const skipReason = await scenario.prepare?.({ log });
    if (skipReason) {
      log(`  skipped: ${skipReason}`);
      results[scenario.name] = { title: scenario.title, runId, profile, skipped: skipReason, cases: [] };
      continue;
    }
    const run = RUNNERS[scenario.kind ?? "throughput"];
    const outcome = await run(scenario, { plan, profile, log });
    results[scenario.name] = { title: scenario.title, headline: Boolean(scenario.headline), runId, profile, ...outcome };
  }

  const report = { meta: { ...meta, runId, profile }, scenarios: results };
  if (options.jsonPath) writeFileSync(options.jsonPath, `${JSON.stringify(report, null, 2)}\n`);
  const failures = listFailures(results);
  log(`\n${failures.length ? `${failures.length} server(s) answered wrongly or failed:` : "every server that ran answered correctly"}`);
  for (const line of failures) log(`  ${line}`);
  if (profile.smoke && failures.length) process.exitCode = 1;

  if (!options.write) return;
  const { targets, files } = writeReport(RESULTS_DIR, report, scenarios.map((scenario) => scenario.name));
  const lines = targetLines(targets, results);
  if (lines.length) log(`\ntargets (lib-server ÷ peer, medians of this run):\n${lines.map((line) => `  ${line}`).join("\n")}`);
  log(`\nwrote ${files.map((file) => `benchmarks/results/${file}`).join(", ")}`);
}

function listFailures(results) {
  const lines = [];
  for (const [name, scenario] of Object.entries(results)) {
    for (const c of scenario.cases) {
      for (const entry of c.servers) {
        if (FAILED.has(entry.status)) lines.push(`${name}/${c.name} ${entry.label}: ${entry.status}: ${entry.problems.join("; ")}`);
      }
    }
  }
  return lines;
}

main().catch((error) => {
  console.error(error.message);
  process.exitCode = 2;
});
