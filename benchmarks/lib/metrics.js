// How each measured quantity is named, rounded and compared.
export const METRICS = {
  rps: { label: "req/s", better: "higher", digits: 0 },
  cpu: { label: "server CPU µs/req", better: "lower", digits: 1 },
  p50: { label: "p50 ms", better: "lower", digits: 2 },
  p99: { label: "p99 ms", better: "lower", digits: 2 },
  p999: { label: "p99.9 ms", better: "lower", digits: 2 },
  ms: { label: "ms to first answer", better: "lower", digits: 1 },
  rest: { label: "RSS at rest MB", better: "lower", digits: 1 },
  load: { label: "peak RSS under load MB", better: "lower", digits: 1 },
  after: { label: "RSS after load MB", better: "lower", digits: 1 },
};

export function formatMetric(name, value) {
  if (value === null || value === undefined) return "–";
  const { digits } = METRICS[name];
  return value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
