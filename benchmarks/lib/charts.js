// One SVG per headline case, drawn from the results JSON.
import { barChart } from "./svg-chart.js";
import { METRICS, formatMetric } from "./metrics.js";

export function chartFileName(scenarioName, scenario, c) {
  return scenario.cases.length === 1 ? `${scenarioName}.svg` : `${scenarioName}-${c.name}.svg`;
}

export function renderCharts(results) {
  const charts = [];
  for (const [name, scenario] of Object.entries(results.scenarios)) {
    if (!scenario.headline) continue;
    for (const c of scenario.cases) {
      const metric = METRICS[c.primary];
      const meta = results.runs[scenario.runId];
      const rounds = c.servers.find((entry) => entry.runs.length)?.runs.length ?? 0;
      const svg = barChart({
        title: c.title === scenario.title ? scenario.title : `${scenario.title} — ${c.title}`,
        subtitle: `${metric.label}, ${metric.better} is better${c.connections ? `, ${c.connections} connections` : ""}`,
        footnote: `median of ${rounds} runs, whiskers min–max · ${scenario.profile.name} profile · node ${meta?.node ?? "?"} · ${scenario.runId}`,
        format: (value) => formatMetric(c.primary, value),
        bars: c.servers.map((entry) => {
          const summary = entry.metrics?.[c.primary];
          return {
            label: entry.label,
            value: summary?.median,
            min: summary?.min,
            max: summary?.max,
            highlight: entry.subject,
            note: entry.status === "ok" ? "no valid run" : entry.status,
          };
        }),
      });
      charts.push({ file: chartFileName(name, scenario, c), svg });
    }
  }
  return charts;
}
