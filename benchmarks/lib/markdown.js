// latest.md: the runs, the targets with pass/miss, then one table per case.
import { METRICS, formatMetric } from "./metrics.js";
import { chartFileName } from "./charts.js";
import { stalled, STALL_RULE } from "./contention.js";

const CLIENT_CPU_LIMIT = 0.9;

const cell = (text) => String(text).replaceAll("|", "\\|").replaceAll("\n", " ");
const row = (cells) => `| ${cells.map(cell).join(" | ")} |`;
const table = (header, rows) => [row(header), row(header.map(() => "---")), ...rows.map(row)].join("\n");

export function formatRatio(ratio) {
  return ratio === null || ratio === undefined || !Number.isFinite(ratio) ? "–" : `${ratio.toFixed(2)}×`;
}

function describeProfile(profile) {
  if (profile.smoke) return "smoke (correctness only)";
  const timedRun =
    profile.load === "wrk" ? `${Math.max(1, Math.round(profile.duration))} s with wrk` : `${profile.duration} s`;
  return `${profile.name}: ${profile.rounds} rounds × ${timedRun}, after ${profile.warmupRequests} warm-up requests (≤ ${profile.warmup} s), ${profile.connections} connections`;
}

function runsSection(runs) {
  const rows = Object.entries(runs).map(([runId, meta]) => [
    runId,
    describeProfile(meta.profile),
    `${meta.cpu} (${meta.cpus} cpus, load average ${meta.loadAverage?.toFixed(1) ?? "?"} at start), ${meta.platform}`,
    meta.node,
    meta.pinning,
    meta.commit ?? "?",
  ]);
  const versions = Object.values(runs).at(-1)?.versions ?? {};
  const versionLine = Object.entries(versions)
    .filter(([, version]) => version)
    .map(([name, version]) => `${name} ${version}`)
    .join(", ");
  return `## Runs\n\n${table(["Run", "Profile", "Machine", "Node", "Pinning", "Commit"], rows)}\n\nVersions: ${versionLine}.`;
}

// "≥ 3×", "≤ 0.33×", "≤ 1× … + 2": a target's goal, the peer's median in between.
export function formatGoal(t, peer = "") {
  return `${t.op === ">=" ? "≥" : "≤"} ${Math.round(t.factor * 100) / 100}×${peer}${t.margin ? ` + ${t.margin}` : ""}`;
}

function targetsSection(targets) {
  const rows = targets.map((t) => [
    `${t.scenario}${t.case === t.scenario ? "" : `/${t.case}`}`,
    `${t.subject} ${formatGoal(t, ` ${t.peer}`)}${t.metric ? ` (${METRICS[t.metric].label})` : ""}`,
    formatRatio(t.ratio),
    t.pass === null ? `n/a: ${t.reason}` : t.pass ? "pass" : "miss",
  ]);
  const passed = targets.filter((t) => t.pass === true).length;
  const judged = targets.filter((t) => t.pass !== null).length;
  return `## Targets\n\n${passed} of ${judged} judged targets pass. Ratio = lib-server's median ÷ the peer's median, same run.\n\n${table(["Scenario", "Target", "Measured", "Result"], rows)}`;
}

function statusText(entry) {
  return entry.status === "missing" ? "not available (server file missing)" : entry.status;
}

function caseTable(c, metricNames, maxContention) {
  const [primary, ...others] = [c.primary, ...metricNames.filter((name) => name !== c.primary)];
  const subjects = c.servers.filter((entry) => entry.subject && entry.metrics?.[primary]);
  const header = [
    "Server",
    METRICS[primary].label,
    "min–max",
    ...others.map((name) => METRICS[name].label),
    ...subjects.map((subject) => `${subject.label} ÷`),
  ];
  const rows = c.servers.map((entry) => {
    const summary = entry.metrics?.[primary];
    if (!summary) return [entry.label, statusText(entry), "", ...others.map(() => ""), ...subjects.map(() => "")];
    return [
      entry.label,
      formatMetric(primary, summary.median),
      `${formatMetric(primary, summary.min)}–${formatMetric(primary, summary.max)}`,
      ...others.map((name) => formatMetric(name, entry.metrics[name]?.median)),
      ...subjects.map((subject) =>
        subject === entry ? "—" : formatRatio(subject.metrics[primary].median / summary.median),
      ),
    ];
  });
  const notes = c.servers
    .filter((entry) => entry.problems.length)
    .map((entry) => `- ${entry.label}: ${entry.problems.join("; ")}`);
  const capped = c.servers.filter((entry) => entry.runs.some((run) => run.clientCpu >= CLIENT_CPU_LIMIT));
  if (capped.length) {
    const names = capped.map((entry) => entry.label).join(", ");
    notes.push(
      `- the load generator used ≥ ${CLIENT_CPU_LIMIT * 100}% of its core while measuring ${names}: those req/s may be its limit, not the server's.`,
    );
  }
  const contended = c.servers
    .map((entry) => ({ entry, share: Math.max(0, ...entry.runs.map((run) => run.others ?? 0)) }))
    .filter(({ share }) => share >= maxContention);
  if (contended.length) {
    const names = contended.map(({ entry, share }) => `${entry.label} (up to ${Math.round(share * 100)}%)`).join(", ");
    notes.push(
      `- other processes took part of the server's or the load generator's core while measuring ${names}, even after a retry: those numbers understate the server.`,
    );
  }
  const stalls = c.servers.filter((entry) => entry.runs.some(stalled));
  if (stalls.length) {
    const names = stalls.map((entry) => entry.label).join(", ");
    notes.push(
      `- the machine stalled (${STALL_RULE}) while measuring ${names}, even after a retry: those rounds understate the server.`,
    );
  }
  return [table(header, rows), ...(notes.length ? ["", ...notes] : [])].join("\n");
}

function scenarioSection(name, scenario) {
  const parts = [`## ${name}: ${scenario.title}`];
  if (scenario.skipped) return `${parts[0]}\n\nSkipped: ${scenario.skipped}`;
  parts.push(`Measured ${scenario.runId}, ${describeProfile(scenario.profile)}.`);
  for (const c of scenario.cases) {
    const better = METRICS[c.primary].better;
    const heading = c.title === scenario.title ? "" : `### ${c.title}\n\n`;
    const chart = scenario.headline ? `![${c.title}](${chartFileName(name, scenario, c)})\n\n` : "";
    const connections = c.connections
      ? `${c.connections} connections${c.streams ? ` × ${c.streams} streams` : ""}; `
      : "";
    parts.push(
      `${heading}${chart}${connections}${better} is better.\n\n${caseTable(c, scenario.metrics, scenario.profile.maxContention ?? 0.1)}`,
    );
  }
  return parts.join("\n\n");
}

// The Node every server and the load generator ran on (`npm run bench -- --node 22|24|26`).
function nodeSentence(runs) {
  const versions = [...new Set(Object.values(runs).map((meta) => meta.node))];
  if (versions.length <= 1) return `Node.js: ${versions[0] ?? "?"} (servers and load generator).`;
  return `Node.js: ${versions.join(", ")}, by run (see Runs): compare numbers within one run only.`;
}

export function renderMarkdown(results, targets) {
  return [
    "# lib-server benchmarks",
    nodeSentence(results.runs),
    "Generated by `npm run bench` from `latest.json`; see [benchmarks/README.md](../README.md) for what each scenario measures and how. Every number is a median over interleaved rounds, with its min–max; ratios divide lib-server's median by the peer's, both from the same run.",
    runsSection(results.runs),
    targetsSection(targets),
    ...Object.entries(results.scenarios).map(([name, scenario]) => scenarioSection(name, scenario)),
    "",
  ].join("\n\n");
}
