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
import { rerunOnNode } from "./lib/node-choice.js";

const RESULTS_DIR = fileURLToPath(new URL("./results/", import.meta.url));

const RUNNERS = { throughput: runThroughput, "cold-start": runColdStart, memory: runMemory };
const FAILED = new Set([
  "failed to start",
  "wrong answer",
  "wrong answer under load",
  "errors under load",
  "no valid run",
]);

const log = (line) => console.log(line);

async function main() {
  const argv = process.argv.slice(2);
  const options = parseCommandLine(argv);
  if (options.help) return log(USAGE);
  if (options.list) {
    for (const scenario of scenarios) log(`${scenario.name.padEnd(14)} ${scenario.title}`);
    return;
  }
  const exitCode = await rerunOnNode(options.node, fileURLToPath(import.meta.url), argv);
  if (exitCode !== null) {
    process.exitCode = exitCode;
    return;
  }
  // Exit through process.exit so server-process.js can kill the servers.
  for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => process.exit(130));
  const { profile } = options;
  const selected = selectScenarios(options.names.length === 0 && profile.scenarios ? profile.scenarios : options.names);
  const plan = options.pin ? pinLoadGenerator() : { pinned: false, reason: "--no-pin" };
  const meta = collectMeta(plan);
  const runId = new Date().toISOString();
  const startedAt = Date.now();
  log(`lib-server benchmarks on Node ${meta.node}, ${profile.name} profile, ${meta.pinning}`);
  if (!profile.smoke && meta.loadAverage > meta.cpus / 2) {
    log(`warning: load average ${meta.loadAverage.toFixed(1)} on ${meta.cpus} cpus, other work will skew the numbers`);
  }

  // Timed scenarios run one at a time; smoke ones time nothing, so they may overlap.
  const outcomes = await mapConcurrently(selected, profile.parallel ?? 1, (scenario) =>
    runScenario(scenario, { plan, profile, log }),
  );
  const results = {};
  for (const [i, scenario] of selected.entries()) {
    results[scenario.name] = {
      title: scenario.title,
      headline: Boolean(scenario.headline),
      runId,
      profile,
      ...outcomes[i],
    };
  }

  const report = { meta: { ...meta, runId, profile }, scenarios: results };
  if (options.jsonPath) writeFileSync(options.jsonPath, `${JSON.stringify(report, null, 2)}\n`);
  const failures = listFailures(results);
  log(
    `\n${failures.length ? `${failures.length} server(s) answered wrongly or failed:` : "every server that ran answered correctly"}`,
  );
  for (const line of failures) log(`  ${line}`);
  if (profile.smoke && failures.length) process.exitCode = 1;
  log(`took ${Math.round((Date.now() - startedAt) / 1000)} s`);

  if (!options.write) return;
  const { targets, files } = writeReport(
    RESULTS_DIR,
    report,
    scenarios.map((scenario) => scenario.name),
  );
  const lines = targetLines(targets, results);
  if (lines.length)
    log(`\ntargets (lib-server ÷ peer, medians of this run):\n${lines.map((line) => `  ${line}`).join("\n")}`);
  log(`\nwrote ${files.map((file) => `benchmarks/results/${file}`).join(", ")}`);
}

async function runScenario(scenario, context) {
  context.log(`\n${scenario.name}: ${scenario.title}`);
  const skipped = (context.profile.smoke && scenario.smokeSkip) || (await scenario.prepare?.(context));
  if (skipped) {
    context.log(`  ${scenario.name} skipped: ${skipped}`);
    return { skipped, cases: [] };
  }
  return RUNNERS[scenario.kind ?? "throughput"](scenario, context);
}

async function mapConcurrently(items, limit, fn) {
  const outcomes = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      outcomes[index] = await fn(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return outcomes;
}

function listFailures(results) {
  const lines = [];
  for (const [name, scenario] of Object.entries(results)) {
    for (const c of scenario.cases) {
      for (const entry of c.servers) {
        if (FAILED.has(entry.status))
          lines.push(`${name}/${c.name} ${entry.label}: ${entry.status}: ${entry.problems.join("; ")}`);
      }
    }
  }
  return lines;
}

main().catch((error) => {
  console.error(error.message);
  process.exitCode = 2;
});
