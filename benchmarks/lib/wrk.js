// Timed runs through wrk (`--load wrk`): a C load generator that needs a fraction of
// autocannon's CPU per request, so on one core it can saturate servers that autocannon
// cannot (the fastest hello servers). Its summary is reduced to runLoad()'s shape.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const WRK = "wrk";

// wrk runs the request described here; `done` prints its summary as one JSON line.
// Latencies are in microseconds; wrk counts answers of status >= 400 as `errors.status`.
function luaScript(request) {
  const lines = [`wrk.method = ${JSON.stringify(request.method ?? "GET")}`];
  if (request.body !== undefined) lines.push(`wrk.body = ${JSON.stringify(String(request.body))}`);
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    lines.push(`wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(String(value))}`);
  }
  lines.push(
    "function done(summary, latency, requests)",
    '  io.write(string.format(\'WRK-JSON {"requests":%d,"micros":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p99":%d,"p999":%d}\\n\',',
    "    summary.requests, summary.duration, summary.bytes, summary.errors.connect, summary.errors.read,",
    "    summary.errors.write, summary.errors.status, summary.errors.timeout,",
    "    latency:percentile(50), latency:percentile(99), latency:percentile(99.9)))",
    "end",
  );
  return lines.join("\n") + "\n";
}

// bash's `times` prints the CPU time of the shell's children (wrk) on its second line,
// which Node's child_process does not expose.
const CHILD_TIMES = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/;

/** One timed run of `duration` seconds (whole seconds: wrk's unit) with `connections`. */
export async function runWrk(url, request, { connections, duration }) {
  const dir = mkdtempSync(join(tmpdir(), "lib-server-wrk-"));
  const script = join(dir, "request.lua");
  writeFileSync(script, luaScript(request));
  const seconds = Math.max(1, Math.round(duration));
  const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--timeout", "10s", "-s", script, url];
  try {
    const output = await run("bash", ["-c", `${WRK} "$@"; times`, "wrk", ...args]);
    const line = output.split("\n").find((text) => text.startsWith("WRK-JSON "));
    if (!line) throw new Error(`wrk printed no summary:\n${output}`);
    const summary = JSON.parse(line.slice("WRK-JSON ".length));
    const cpuSeconds = childCpuSeconds(output);
    const elapsed = summary.micros / 1e6;
    const failed = summary.status;
    return {
      requests: summary.requests,
      seconds: elapsed,
      rps: summary.requests / elapsed,
      latency: { p50: summary.p50 / 1000, p99: summary.p99 / 1000, p999: summary.p999 / 1000 },
      bytesPerSecond: summary.bytes / elapsed,
      clientCpu: cpuSeconds === null ? null : cpuSeconds / elapsed,
      // wrk tells answers below 400 from the others, not each status: enough to invalidate
      // a run, since every server's exact answer was checked before it.
      statusClasses: { below400: summary.requests - failed, from400: failed },
      errors: summary.connect + summary.read + summary.write,
      timeouts: summary.timeout,
      mismatches: 0,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function childCpuSeconds(output) {
  const lines = output.trim().split("\n");
  const match = CHILD_TIMES.exec(lines.at(-1) ?? "");
  if (!match) return null;
  const [, userMinutes, userSeconds, systemMinutes, systemSeconds] = match.map(Number);
  return userMinutes * 60 + userSeconds + systemMinutes * 60 + systemSeconds;
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`wrk exited with ${code}:\n${output}`)),
    );
  });
}
