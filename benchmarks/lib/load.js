// Load generation through autocannon's programmatic API (or wrk, for timed runs with
// `--load wrk`), reduced to the numbers the report uses plus everything that makes a run
// invalid.
import autocannon from "autocannon";
import { LatencyRecorder } from "./latency.js";
import { runWrk } from "./wrk.js";

// options: { connections, duration (s) } for a timed run, or { connections, amount }
// for a fixed number of requests, cut short after maxSeconds if given;
// verifyBody(text) => boolean checks every answer; generator "wrk" makes a timed run
// with wrk instead.
export async function runLoad(baseUrl, request, { connections, duration, amount, maxSeconds, verifyBody, generator }) {
  if (generator === "wrk" && amount === undefined)
    return runWrk(new URL(request.path, baseUrl).href, request, { connections, duration });
  const options = {
    url: new URL(request.path, baseUrl).href,
    method: request.method ?? "GET",
    headers: request.headers,
    body: request.body,
    connections,
    pipelining: 1,
    // autocannon only stops on a sample tick: sample often so a run ends
    // within 0.1 s of its duration or amount, not up to a second later.
    sampleInt: 100,
  };
  // autocannon rejects keys that are present but undefined.
  if (amount === undefined) options.duration = duration;
  else options.amount = amount;
  if (verifyBody) options.verifyBody = verifyBody;

  const latencies = new LatencyRecorder();
  const cpuBefore = process.cpuUsage();
  const run = autocannon(options);
  run.on("response", (client, status, bytes, ms) => latencies.record(ms));
  const timer = maxSeconds === undefined ? null : setTimeout(() => run.stop(), maxSeconds * 1000);
  const result = await run;
  clearTimeout(timer);
  const cpu = process.cpuUsage(cpuBefore);
  const [p50, p99, p999] = latencies.percentiles([50, 99, 99.9]);
  const statuses = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) statuses[code] = count;
  return {
    requests: result.requests.total,
    seconds: result.duration,
    rps: result.requests.total / result.duration,
    latency: { p50, p99, p999 },
    bytesPerSecond: result.throughput.total / result.duration,
    // Share of one core the load generator used: near 1, autocannon itself
    // may be what limits the req/s.
    clientCpu: (cpu.user + cpu.system) / 1e6 / result.duration,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
    mismatches: result.mismatches,
  };
}

// Why a load run cannot be trusted, if it cannot: errors, timeouts, wrong bodies
// or any status other than the expected one.
export function loadProblems(summary, expectedStatus) {
  const problems = [];
  if (summary.failure) problems.push(summary.failure); // the load generator's own (lib/h2load.js)
  if (summary.requests === 0) problems.push("no request completed");
  if (summary.errors) problems.push(`${summary.errors} connection errors`);
  if (summary.timeouts) problems.push(`${summary.timeouts} timeouts`);
  if (summary.mismatches) problems.push(`${summary.mismatches} wrong bodies`);
  for (const [code, count] of Object.entries(summary.statuses ?? {})) {
    if (Number(code) !== expectedStatus) problems.push(`${count} × status ${code}, expected ${expectedStatus}`);
  }
  if (summary.statusClasses) {
    const { below400, from400 } = summary.statusClasses;
    const wrong = expectedStatus < 400 ? from400 : below400;
    if (wrong)
      problems.push(`${wrong} × status ${expectedStatus < 400 ? "≥ 400" : "< 400"}, expected ${expectedStatus}`);
  }
  return problems;
}
