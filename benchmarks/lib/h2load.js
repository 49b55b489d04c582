// Load generation for HTTP/2 (h2c and h2 over TLS) and HTTP/1.1 over TLS with
// h2load (Debian's nghttp2-client), reduced to the numbers the report uses plus
// everything that makes a run invalid: the same summary lib/load.js gives for
// autocannon. h2load runs as a child process; it inherits the harness's pinning.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LatencyRecorder } from "./latency.js";

const TICKS_PER_SECOND = 100; // USER_HZ, as in contention.js
// Connections may live this long past a timed run (TLS handshakes on a busy machine)...
const LINGER_SECONDS = 2;
// ...but a run whose h2load needs more than this past its duration is not trusted.
const OVERRUN_SECONDS = 1;
const FIXED_AMOUNT_LIMIT_SECONDS = 60;
const KILL_GRACE_SECONDS = 5;

let versionCheck;
const checkVersion = () => (versionCheck ??= spawnSync("h2load", ["--version"], { encoding: "utf8" }));

// null when h2load runs, else why it cannot (the scenarios that need it are skipped).
export function h2loadMissing() {
  const out = checkVersion();
  if (out.error || out.status !== 0) return "h2load not found (apt-get install -y nghttp2-client)";
  return null;
}

// "1.52.0" for "h2load nghttp2/1.52.0", or null.
export function h2loadVersion() {
  return h2loadMissing() ? null : (checkVersion().stdout.match(/nghttp2\/([\d.]+)/)?.[1] ?? null);
}

// options: { connections, streams (in flight per connection), protocol ("h2" or
// "http/1.1"), duration (s) } for a timed run, or { ..., amount } for a fixed number
// of requests, cut short after maxSeconds if given; bodyBytes: the length every answer's
// body must have (checked on fixed-amount runs, where h2load's byte count is exact).
// request.paths (several URLs, taken in turns by each connection) or request.path.
export async function runH2load(
  baseUrl,
  request,
  { connections, streams = 1, protocol = "h2", duration, amount, maxSeconds, bodyBytes },
) {
  const dir = mkdtempSync(join(tmpdir(), "h2load-"));
  const logFile = join(dir, "requests.tsv");
  const args = [`--clients=${connections}`, `--max-concurrent-streams=${streams}`, `--log-file=${logFile}`];
  if (protocol === "http/1.1") args.push("--h1");
  for (const [name, value] of Object.entries(request.headers ?? {})) args.push(`--header=${name}: ${value}`);
  const timed = amount === undefined;
  if (timed) {
    // A connection whose handshake ends after a timed run's end can go on sending requests,
    // unlogged, for ever (seen with h2load 1.52 on a loaded machine): no connection may
    // outlive the run by much, and h2load itself is stopped if it does not end.
    args.push(
      `--duration=${Math.round(duration * 1000)}ms`,
      `--connection-active-timeout=${Math.ceil((duration + LINGER_SECONDS) * 1000)}ms`,
    );
  } else {
    // h2load needs at least as many requests as connections, or it complains.
    args.push(`--requests=${Math.max(amount, connections)}`);
  }
  // Warm-ups are cut short at maxSeconds, like autocannon's.
  const killAfter = timed ? duration + LINGER_SECONDS + KILL_GRACE_SECONDS : (maxSeconds ?? FIXED_AMOUNT_LIMIT_SECONDS);
  args.push(...(request.paths ?? [request.path]).map((path) => new URL(path, baseUrl).href));

  const childCpuBefore = childrenCpuSeconds();
  try {
    const { stdout, stderr, code, seconds } = await run(args, killAfter);
    const childCpuAfter = childrenCpuSeconds();
    const childCpu = childCpuBefore === null ? null : childCpuAfter - childCpuBefore;
    const summary = summarize(stdout, existsSync(logFile) ? readFileSync(logFile, "utf8") : "", {
      childCpu,
      bodyBytes,
      fixedAmount: !timed,
    });
    summary.failure = runFailure({
      code,
      seconds,
      stderr: stderr || stdout,
      timed,
      duration,
      warmUp: maxSeconds !== undefined,
    });
    return summary;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// -> { stdout, stderr, code (null if killed), seconds of wall time }; killed after killSeconds.
function run(args, killSeconds) {
  return new Promise((resolve, reject) => {
    const startedAt = process.hrtime.bigint();
    const child = spawn("h2load", args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), killSeconds * 1000);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, code, seconds: Number(process.hrtime.bigint() - startedAt) / 1e9 });
    });
  });
}

// Why a run cannot be trusted although h2load reported on it, or undefined.
function runFailure({ code, seconds, stderr, timed, duration, warmUp }) {
  // A warm-up cut short at maxSeconds is fine: nothing it measured is used.
  if (code !== 0 && !warmUp)
    return `h2load ${code === null ? "was stopped" : `exited with ${code}`}: ${lastLine(stderr)}`;
  // Its server CPU time and contention would span more than the measured period.
  if (timed && seconds > duration + OVERRUN_SECONDS)
    return `h2load took ${seconds.toFixed(1)} s for a ${duration} s run (connections lingered)`;
  return undefined;
}

// h2load prints "finished in 508.60ms, ..." and "requests: N total, N started, N done,
// N succeeded, N failed, N errored, N timeout"; its log file has one line per request
// of the measured period: start (µs since epoch), status (-1: failed stream), µs taken.
export function summarize(stdout, log, { childCpu, bodyBytes, fixedAmount }) {
  const [, value, unit] = stdout.match(/finished in ([\d.]+)(us|ms|s),/) ?? [];
  const seconds = value === undefined ? 0 : Number(value) / { us: 1e6, ms: 1e3, s: 1 }[unit];
  const counts = stdout.match(
    /requests: (\d+) total, (\d+) started, (\d+) done, (\d+) succeeded, (\d+) failed, (\d+) errored, (\d+) timeout/,
  );
  // h2load's "failed" includes the errored and timed-out ones.
  const [, , , , succeeded = 0, failed = 0, , timeouts = 0] = (counts ?? []).map(Number);
  const latencies = new LatencyRecorder();
  const statuses = {};
  let completed = 0;
  for (const line of log.split("\n")) {
    if (line === "") continue;
    const [, status, micros] = line.split("\t");
    if (status === "-1") continue; // a failed stream: counted in `failed` above
    statuses[status] = (statuses[status] ?? 0) + 1;
    latencies.record(Number(micros) / 1000);
    completed++;
  }
  const [p50, p99, p999] = latencies.percentiles([50, 99, 99.9]);
  const dataBytes = Number(
    stdout.match(/traffic: .*?, .*? headers .*?\), [\d.]+\w*B \((\d+)\) data/)?.[1] ?? Number.NaN,
  );
  // h2load keeps no bodies, only their total length: one wrong length spoils the run.
  const mismatches = fixedAmount && bodyBytes !== undefined && dataBytes !== bodyBytes * succeeded ? 1 : 0;
  return {
    requests: completed,
    seconds,
    rps: seconds > 0 ? completed / seconds : 0,
    latency: { p50, p99, p999 },
    // Share of one core h2load used (its CPU, counted once it exited, ÷ the run's length).
    clientCpu: childCpu === null || !(seconds > 0) ? null : childCpu / seconds,
    statuses,
    errors: failed - timeouts,
    timeouts,
    mismatches,
  };
}

// CPU seconds of this process's exited and reaped children (/proc/self/stat
// cutime + cstime), or null where /proc is absent.
function childrenCpuSeconds() {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

function lastLine(text) {
  return text.trim().split("\n").at(-1) ?? "";
}
