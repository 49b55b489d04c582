#!/usr/bin/env node
// npm run bench:instructions [-- scenario ... options]: instructions per request, counted
// by valgrind (callgrind) in the server process. Unlike req/s or CPU time these counts do
// not depend on what else the machine is doing, so they compare two versions of the code
// on a busy machine (repeat runs agree within ~0.5%). See benchmarks/README.md.
//
// For each server and case: start the benchmark server under callgrind with
// lib/instructions-probe.js preloaded, send --warmup requests (until V8 has optimized the
// hot code; under valgrind that takes ~10,000 requests), then --windows windows of
// --requests requests each, the client (this process, not under valgrind) asking the
// server to dump its counters between windows. A window's count covers everything the
// server process did in it: JavaScript, Node's C++, libuv, V8's GC and compiler threads,
// user-space libc; not the kernel. Printed: the median window ÷ requests (of the windows
// after --settle's first ones), and every window.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import http from "node:http";
import http2 from "node:http2";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { selectScenarios } from "./scenarios/index.js";
import { clientOf } from "./lib/clients.js";
import { summarize } from "./lib/stats.js";
import { DEFAULT_BENCH_LINE, NODE_USAGE, rerunOnNode } from "./lib/node-choice.js";

const PROBE = fileURLToPath(new URL("./lib/instructions-probe.js", import.meta.url));
const THROUGHPUT_SCENARIOS = [
  "hello",
  "json",
  "params",
  "middleware",
  "api-layers",
  "npm-middleware",
  "post-json",
  "routers",
  "mounting",
  "compose",
  "static",
  "h2c",
  "h2-tls",
  "h2-multiplex",
  "real-world",
];
const READY_TIMEOUT_S = 600;
const DEFAULT_SCENARIOS = ["hello", "json", "params", "middleware", "post-json", "static"];

const USAGE = `usage: npm run bench:instructions -- [scenario ...] [options]
  scenarios           any of ${THROUGHPUT_SCENARIOS.join(", ")}
                      (default: ${DEFAULT_SCENARIOS.join(", ")})
  --servers a,b       these servers of each scenario (names as in results, e.g. lib-server,fastify)
  --all               every server of each scenario (default: lib-server's own entries)
  --cases a,b         these cases only (e.g. 304,404 of the static scenario)
  --file FILE         measure this server script (repeatable) with the scenario's cases,
                      instead of the scenario's servers: one scenario only
  --warmup N          requests before the first window (default 20000)
  --requests N        requests per window (default 2000)
  --windows N         windows per server and case (default 5); the median is reported
  --settle N          leave the first N windows out of the median (default 0); all are still
                      printed. Node 24/26 counts fall over the first windows before they settle
                      (README: counts that settle late): --windows 10 --settle 5
  --connections N     keep-alive connections (default 10; over HTTP/2, sessions with one
                      request in flight each)
  --json FILE         also write the results to FILE
  --keep DIR          keep callgrind's files in DIR (callgrind_annotate DIR/<file>.<window+2>)
  --node-flag=FLAG    start the servers' node with FLAG (repeatable), e.g.
                      --node-flag=--min-semi-space-size=16 to fix V8's young generation
                      (README: the young generation), --node-flag=--perf-basic-prof to name
                      JIT code in --keep's files from /tmp/perf-<pid>.map
  --startup           instead: instructions from spawning the server to its first answer
                      (start-up, listen, one request), median of --windows starts (default 3)
${NODE_USAGE}`;

const OPTIONS = {
  servers: { type: "string" },
  all: { type: "boolean" },
  cases: { type: "string" },
  file: { type: "string", multiple: true },
  warmup: { type: "string", default: "20000" },
  requests: { type: "string", default: "2000" },
  windows: { type: "string" },
  settle: { type: "string", default: "0" },
  connections: { type: "string", default: "10" },
  json: { type: "string" },
  keep: { type: "string" },
  "node-flag": { type: "string", multiple: true, default: [] },
  startup: { type: "boolean" },
  node: { type: "string", default: DEFAULT_BENCH_LINE },
  help: { type: "boolean", short: "h" },
};

async function main() {
  const argv = process.argv.slice(2);
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  if (values.help) return console.log(USAGE);
  const exitCode = await rerunOnNode(values.node, fileURLToPath(import.meta.url), argv);
  if (exitCode !== null) {
    process.exitCode = exitCode;
    return;
  }
  values.windows ??= values.startup ? "3" : "5";
  const settings = { startup: Boolean(values.startup), nodeFlags: values["node-flag"] };
  for (const key of ["warmup", "requests", "windows", "connections", "settle"]) {
    settings[key] = Number(values[key]);
    if (!Number.isInteger(settings[key]) || settings[key] < (key === "warmup" || key === "settle" ? 0 : 1))
      throw new Error(`--${key} needs a whole number, got ${values[key]}`);
  }
  if (settings.settle >= settings.windows) throw new Error("--settle must leave at least one window (see --windows)");
  if (settings.startup && settings.settle) throw new Error("--settle leaves out request windows, --startup has none");
  if (spawnSync("valgrind", ["--version"]).error)
    throw new Error("valgrind is not installed (apt-get install valgrind)");
  const selected = selectScenarios(positionals.length ? positionals : DEFAULT_SCENARIOS);
  if (values.file && selected.length !== 1) throw new Error("--file needs exactly one scenario");
  for (const scenario of selected) {
    if (!THROUGHPUT_SCENARIOS.includes(scenario.name))
      throw new Error(`${scenario.name} is not a request/response scenario`);
  }
  const wantedServers = values.servers?.split(",");
  const wantedCases = values.cases?.split(",");
  const outDir = values.keep ?? mkdtempSync(join(tmpdir(), "lib-server-instructions-"));
  if (values.keep) mkdirSync(outDir, { recursive: true });
  const results = [];
  console.log(
    settings.startup
      ? `instructions from spawn to the first answer (callgrind) on Node ${process.version}, median of ${settings.windows} starts`
      : `instructions per request (callgrind) on Node ${process.version}, ${settings.warmup} warm-up requests, ${settings.windows} × ${settings.requests} measured${settings.settle ? ` (median of windows ${settings.settle + 1}–${settings.windows})` : ""}, ${settings.connections} connections${settings.nodeFlags.length ? `, node ${settings.nodeFlags.join(" ")}` : ""}`,
  );
  try {
    for (const scenario of selected) {
      const skipped = await scenario.prepare?.({ log: (line) => console.log(line), profile: { name: "instructions" } });
      if (skipped) {
        console.log(`${scenario.name}: skipped (${skipped})`);
        continue;
      }
      const servers = values.file
        ? values.file.map((file) => ({ name: basename(file, ".js"), file: resolve(file) }))
        : scenario.servers.filter((server) =>
            wantedServers ? wantedServers.includes(server.name) : values.all || server.subject,
          );
      const cases = scenario.cases.filter((c) => !wantedCases || wantedCases.includes(c.name));
      for (const server of servers) {
        for (const testCase of cases) {
          const result = settings.startup
            ? await measureStartup(scenario, server, testCase, settings, outDir)
            : await measure(scenario, server, testCase, settings, outDir);
          results.push(result);
          console.log(line(result));
        }
      }
    }
  } finally {
    if (!values.keep) rmSync(outDir, { recursive: true, force: true });
  }
  if (values.json) {
    const { writeFileSync } = await import("node:fs");
    writeFileSync(
      values.json,
      `${JSON.stringify({ date: new Date().toISOString(), node: process.version, ...settings, results }, null, 2)}\n`,
    );
  }
}

function line({ scenario, server, case: name, perRequest, windows, startup, error }) {
  const label = `${scenario}/${name} ${server}`.padEnd(44);
  if (error) return `${label} ${error}`;
  if (startup !== undefined)
    return `${label} ${fmt(startup).padStart(13)} instr to first answer  (starts ${windows.map(fmt).join(", ")})`;
  return `${label} ${fmt(perRequest).padStart(9)} instr/req  (windows ${windows.map(fmt).join(", ")})`;
}

const fmt = (n) => Math.round(n).toLocaleString("en-US");

// Start-up: a fresh server per start, its first answer (the correctness check), then a mark:
// dump 1 holds everything from exec to that answer, compiler threads included.
async function measureStartup(scenario, server, testCase, settings, outDir) {
  const counts = [];
  for (let start = 0; start < settings.windows; start++) {
    const result = await measure(scenario, server, testCase, { ...settings, warmup: 0, windows: 0 }, outDir, true);
    if (result.error) return result;
    counts.push(result.startup);
  }
  return {
    scenario: scenario.name,
    server: server.name,
    case: testCase.name,
    startup: summarize(counts).median,
    windows: counts,
  };
}

async function measure(
  scenario,
  server,
  testCase,
  { warmup, requests, windows, settle, connections, nodeFlags },
  outDir,
  startupOnly = false,
) {
  const base = { scenario: scenario.name, server: server.name, case: testCase.name };
  const port = 20_000 + Math.floor(Math.random() * 12_000);
  const outFile = join(outDir, `callgrind.${scenario.name}.${server.name}.${testCase.name}.${port}`);
  const child = spawn(
    "valgrind",
    [
      "--tool=callgrind",
      `--callgrind-out-file=${outFile}`,
      "--dump-before=node::os::SetPriority*",
      process.execPath,
      ...nodeFlags,
      `--import=${PROBE}`,
      server.file,
    ],
    {
      env: { ...process.env, ...scenario.env, PORT: String(port), NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    },
  );
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    await new Promise((resolve, reject) => {
      // Start-up under valgrind takes ~10 s on a quiet machine, minutes when callgrind runs share the cores.
      const timer = setTimeout(() => reject(new Error(`no ready within ${READY_TIMEOUT_S} s`)), READY_TIMEOUT_S * 1000);
      child.on("message", (message) => message === "ready" && (clearTimeout(timer), resolve()));
      child.stdout.on("data", (chunk) => String(chunk).includes("READY") && (clearTimeout(timer), resolve()));
      child.once(
        "exit",
        (code) => (
          clearTimeout(timer),
          reject(new Error(`exited (${code}) before ready: ${stderr.trim().split("\n").at(-1)}`))
        ),
      );
    });
    const url = `${scenario.tls ? "https" : "http"}://127.0.0.1:${port}`;
    const more = (await testCase.prepare?.(url)) ?? {};
    const request = { ...testCase.request, headers: { ...testCase.request.headers, ...more.headers } };
    const problems = await clientOf(scenario).check(url, request, testCase.expect, testCase.protocol);
    if (problems.length) return { ...base, error: `wrong answer: ${problems.join("; ")}` };

    const overH2 = scenario.client === "h2load" && testCase.protocol !== "http/1.1";
    const agent = overH2
      ? new H2Sessions(url, connections)
      : new http.Agent({ keepAlive: true, maxSockets: connections });
    const load = (count) =>
      overH2
        ? agent.run(request, testCase.expect.status, count)
        : runRequests(port, request, testCase.expect.status, count, connections, agent);
    const mark = () =>
      new Promise((resolve) => {
        child.once("message", function onMessage(message) {
          if (message === "instr:marked") resolve();
          else child.once("message", onMessage);
        });
        child.send("instr:mark");
      });
    if (startupOnly) {
      await mark(); // dump 1: start-up and the first answer
      agent.destroy();
      return { ...base, startup: totalInstructions(`${outFile}.1`) };
    }
    await load(warmup);
    await mark(); // dump 1: start-up and warm-up
    const counts = [];
    for (let w = 0; w < windows; w++) {
      await load(requests);
      await mark(); // dump w + 2: this window
      const file = `${outFile}.${w + 2}`;
      counts.push((totalInstructions(file) - compilerInstructions(file)) / requests);
    }
    agent.destroy();
    return { ...base, perRequest: summarize(counts.slice(settle)).median, windows: counts };
  } catch (error) {
    return { ...base, error: error.message };
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

// `count` requests over `connections` keep-alive connections, each answered in full.
async function runRequests(port, { method = "GET", path, headers = {}, body }, status, count, connections, agent) {
  let sent = 0;
  const one = () =>
    new Promise((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, method, path, headers, agent }, (res) => {
        if (res.statusCode !== status) reject(new Error(`status ${res.statusCode}, expected ${status}`));
        res.resume();
        res.once("end", resolve);
        res.once("error", reject);
      });
      // A kept-alive socket the server closed as idle (its keep-alive timer fires late when a
      // counter dump on a busy machine took longer than the timeout): ask again on a new one.
      req.once("error", (error) =>
        req.reusedSocket && error.code === "ECONNRESET" ? one().then(resolve, reject) : reject(error),
      );
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (sent < count) {
        sent++;
        await one();
      }
    }),
  );
}

// The same over HTTP/2: `count` requests over `sessions` sessions, one stream in flight on
// each (as many requests in flight as the HTTP/1.1 runs), each answered in full; several
// paths (request.paths) are taken in turns.
class H2Sessions {
  constructor(url, sessions) {
    this.sessions = Array.from({ length: sessions }, () => http2.connect(url, { rejectUnauthorized: false }));
  }

  async run({ method = "GET", path, paths = [path], headers = {}, body }, status, count) {
    let sent = 0;
    const one = (session, target) =>
      new Promise((resolve, reject) => {
        const stream = session.request({ ":method": method, ":path": target, ...headers });
        stream.once("response", (response) => {
          if (response[":status"] !== status) reject(new Error(`status ${response[":status"]}, expected ${status}`));
        });
        stream.resume();
        stream.once("end", resolve);
        stream.once("error", reject);
        stream.end(body);
      });
    await Promise.all(
      this.sessions.map(async (session) => {
        while (sent < count) await one(session, paths[sent++ % paths.length]);
      }),
    );
  }

  destroy() {
    for (const session of this.sessions) session.destroy();
  }
}

// TurboFan's background jobs: under valgrind, V8 keeps optimizing a function now and then
// for tens of thousands of requests (timers and other rarely called code reach their
// thresholds late), a one-off cost that would otherwise land in a random window.
function compilerInstructions(file) {
  const out = spawnSync("callgrind_annotate", ["--inclusive=yes", "--threshold=100", file], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (out.error || out.status !== 0) throw new Error(`callgrind_annotate failed on ${file}`);
  const match = /^\s*([\d,]+) .*OptimizingCompileDispatcher::CompileTask::RunInternal/m.exec(out.stdout);
  return match ? Number(match[1].replaceAll(",", "")) : 0;
}

function totalInstructions(file) {
  const match = /^summary: (\d+)/m.exec(readFileSync(file, "utf8"));
  if (!match) throw new Error(`no summary line in ${file}`);
  return Number(match[1]);
}

main().catch((error) => {
  console.error(error.message);
  process.exitCode = 1;
});
