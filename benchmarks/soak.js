// Soak test: sustained mixed traffic (routes, JSON posts, static files, cookies, redirects,
// 404s, thrown errors) against lib-server, then Express 5 with the same app, each in its
// own process. Fails (exit 1) on any unexpected status, any socket error or timeout, a
// server that stops answering, or steady memory growth (least-squares slopes over samples
// taken each second after the first third of the run, in MB/min) of what a leak grows: the
// live heap (each sample follows a full GC), external memory (Buffers), or the RSS outside
// V8's heap (native memory). The RSS itself is reported, not judged: on Node 24 V8 keeps
// enlarging its reserved heap under this mix for lib-server and Express alike (45 to 77 and
// to 140 MB in 60 s) while the live heap stays flat.
//
//   node benchmarks/soak.js [--duration 60] [--connections 16] [--max-slope 10] [--only lib-server] [--node 24]
//
// --duration is per server, in seconds; the whole run is bounded by 2x that plus a minute.
// --node 22|24|26|current: the Node line servers and load run on (default 24), as npm run bench.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { DEFAULT_BENCH_LINE, rerunOnNode } from "./lib/node-choice.js";

const SERVERS = {
  "lib-server": fileURLToPath(new URL("../scripts/soak/lib-server.js", import.meta.url)),
  "express 5": fileURLToPath(new URL("../scripts/soak/express.js", import.meta.url)),
};
const PROBE = new URL("../scripts/soak/memory-probe.js", import.meta.url).href;
const SAMPLE_MS = 1000;
// RSS climbs while V8 sizes its heap to the load (reserved, not live): not counted.
const WARMUP_SHARE = 1 / 3;

const JSON_BODY = JSON.stringify({ id: 42, name: "soak", tags: ["a", "b", "c"], text: "x".repeat(900) });

// One round of the mix, in order, on every connection; `expect` is the only status accepted.
const MIX = [
  { method: "GET", path: "/", expect: 200 },
  { method: "GET", path: "/users/7/posts/99", expect: 200 },
  { method: "POST", path: "/echo", headers: { "content-type": "application/json" }, body: JSON_BODY, expect: 200 },
  { method: "GET", path: "/static/1kb.txt", expect: 200 },
  { method: "GET", path: "/search?q=soak&page=2&sort=desc", expect: 200 },
  { method: "GET", path: "/static/100kb.js", expect: 200 },
  { method: "GET", path: "/missing/route", expect: 404 },
  { method: "GET", path: "/error/final", expect: 500 },
  { method: "GET", path: "/cookie", expect: 200 },
  { method: "GET", path: "/error/async", expect: 503 },
  { method: "GET", path: "/static/nope.txt", expect: 404 },
  { method: "GET", path: "/redirect", expect: 302 },
  { method: "POST", path: "/echo", headers: { "content-type": "application/json" }, body: "{not json", expect: 400 },
];

function options() {
  const { values } = parseArgs({
    options: {
      duration: { type: "string", default: "60" },
      connections: { type: "string", default: "16" },
      "max-slope": { type: "string", default: "10" },
      only: { type: "string" },
      node: { type: "string", default: DEFAULT_BENCH_LINE },
    },
  });
  const duration = Number(values.duration);
  if (!(duration >= 5 && duration <= 3600)) throw new Error("--duration must be 5 to 3600 seconds");
  const names = values.only ? values.only.split(",").map((n) => n.trim()) : Object.keys(SERVERS);
  for (const name of names)
    if (!SERVERS[name]) throw new Error(`unknown server "${name}": ${Object.keys(SERVERS).join(", ")}`);
  return {
    duration,
    connections: Number(values.connections),
    maxSlope: Number(values["max-slope"]),
    names,
    node: values.node,
  };
}

function makeStaticRoot() {
  const dir = mkdtempSync(join(tmpdir(), "lib-server-soak-"));
  const line = "const answer = 42; // soak fixture\n";
  writeFileSync(join(dir, "1kb.txt"), line.repeat(30).slice(0, 1024));
  writeFileSync(join(dir, "100kb.js"), line.repeat(3000).slice(0, 102_400));
  return dir;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts a soak server; resolves to { url, memory(), stop() } once it is ready. */
async function startServer(file, env) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--expose-gc", `--import=${PROBE}`, file], {
    env: { ...process.env, ...env, PORT: String(port), NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${file} not ready in 15 s`)), 15_000);
    child.once("exit", (code, signal) => reject(new Error(`${file} exited (${signal ?? code}) before ready`)));
    child.on("message", (message) => {
      if (message !== "ready") return;
      clearTimeout(timer);
      resolve();
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    memory: () =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no memory sample in 5 s")), 5000);
        const onMessage = (message) => {
          if (message?.type !== "soak:memory") return;
          clearTimeout(timer);
          child.off("message", onMessage);
          resolve(message.usage);
        };
        child.on("message", onMessage);
        child.send("soak:memory");
      }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const kill = setTimeout(() => child.kill("SIGKILL"), 3000);
        child.once("exit", () => resolve(clearTimeout(kill)));
        child.kill("SIGTERM");
      }),
  };
}

/** Least-squares slope of y over x, and r². */
export function regression(points) {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const { x, y } of points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  }
  const slope = sxx === 0 ? 0 : sxy / sxx;
  return { slope, r2: sxx === 0 || syy === 0 ? 0 : (sxy * sxy) / (sxx * syy) };
}

async function soak(name, { duration, connections, staticRoot }) {
  const server = await startServer(SERVERS[name], { STATIC_ROOT: staticRoot });
  const unexpected = new Map(); // "METHOD path -> status" -> count
  const samples = [];
  const started = performance.now();
  const sampler = setInterval(async () => {
    try {
      const { rss, heapUsed, heapTotal, external } = await server.memory();
      const mb = (bytes) => bytes / 2 ** 20;
      samples.push({
        minutes: (performance.now() - started) / 60_000,
        rss: mb(rss),
        heap: mb(heapUsed),
        heapTotal: mb(heapTotal),
        external: mb(external),
      });
    } catch {}
  }, SAMPLE_MS);
  try {
    const result = await autocannon({
      url: server.url,
      connections,
      duration,
      requests: MIX.map(({ expect, ...request }) => ({
        ...request,
        onResponse(status) {
          if (status === expect) return;
          const key = `${request.method} ${request.path} -> ${status}`;
          unexpected.set(key, (unexpected.get(key) ?? 0) + 1);
        },
      })),
    });
    clearInterval(sampler);
    const alive = await fetch(server.url).then(
      (res) => res.status === 200,
      () => false,
    );
    return { name, result, unexpected, samples, alive };
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
}

function verdict({ result, unexpected, samples, alive }, maxSlope) {
  const steady = samples.slice(Math.floor(samples.length * WARMUP_SHARE));
  const rss = regression(steady.map((s) => ({ x: s.minutes, y: s.rss })));
  const heap = regression(steady.map((s) => ({ x: s.minutes, y: s.heap })));
  const external = regression(steady.map((s) => ({ x: s.minutes, y: s.external })));
  const native = regression(steady.map((s) => ({ x: s.minutes, y: s.rss - s.heapTotal })));
  const failures = [];
  const unexpectedCount = [...unexpected.values()].reduce((a, b) => a + b, 0);
  if (unexpectedCount)
    failures.push(
      `${unexpectedCount} unexpected statuses: ${[...unexpected].map(([k, n]) => `${k} x${n}`).join(", ")}`,
    );
  if (result.errors) failures.push(`${result.errors} socket errors`);
  if (result.timeouts) failures.push(`${result.timeouts} timeouts`);
  if (!alive) failures.push("server no longer answers GET /");
  if (steady.length < 5) failures.push(`only ${steady.length} memory samples after warm-up`);
  else {
    const grows = { "live heap": heap, external, "RSS outside V8's heap": native };
    for (const [what, fit] of Object.entries(grows)) {
      if (fit.slope > maxSlope) failures.push(`${what} grows ${fit.slope.toFixed(2)} MB/min (limit ${maxSlope})`);
    }
  }
  return { rss, heap, external, native, steady, failures };
}

function report(run, { rss, heap, external, native, steady, failures }) {
  const { result } = run;
  const first = steady[0];
  const last = steady.at(-1);
  const maxRss = Math.max(...run.samples.map((s) => s.rss));
  console.log(`\n${run.name}`);
  console.log(
    `  requests   ${result.requests.total} in ${result.duration.toFixed(1)} s (${Math.round(result.requests.average)} req/s), latency p99 ${result.latency.p99} ms`,
  );
  console.log(
    `  errors     ${result.errors} socket, ${result.timeouts} timeouts, ${[...run.unexpected.values()].reduce((a, b) => a + b, 0)} unexpected statuses`,
  );
  if (first) {
    console.log(
      `  RSS        ${first.rss.toFixed(1)} -> ${last.rss.toFixed(1)} MB after warm-up (max ${maxRss.toFixed(1)}), slope ${rss.slope.toFixed(2)} MB/min (r² ${rss.r2.toFixed(2)})`,
    );
    console.log(
      `  live heap  ${first.heap.toFixed(1)} -> ${last.heap.toFixed(1)} MB after GC, slope ${heap.slope.toFixed(2)} MB/min (r² ${heap.r2.toFixed(2)}); V8 heap reserved ${first.heapTotal.toFixed(1)} -> ${last.heapTotal.toFixed(1)} MB`,
    );
    console.log(
      `  external   ${first.external.toFixed(1)} -> ${last.external.toFixed(1)} MB, slope ${external.slope.toFixed(2)} MB/min (r² ${external.r2.toFixed(2)})`,
    );
    console.log(
      `  native     ${(first.rss - first.heapTotal).toFixed(1)} -> ${(last.rss - last.heapTotal).toFixed(1)} MB (RSS outside V8's heap), slope ${native.slope.toFixed(2)} MB/min (r² ${native.r2.toFixed(2)})`,
    );
  }
  console.log(`  verdict    ${failures.length ? `FAIL: ${failures.join("; ")}` : "ok"}`);
}

async function main() {
  const { duration, connections, maxSlope, names, node } = options();
  const exitCode = await rerunOnNode(node, fileURLToPath(import.meta.url), process.argv.slice(2));
  if (exitCode !== null) {
    process.exitCode = exitCode;
    return;
  }
  // The hard bound: whatever hangs, the run ends.
  setTimeout(
    () => {
      console.error("soak: overran its time bound");
      process.exit(1);
    },
    (duration * names.length + 60) * 2000,
  ).unref();
  const staticRoot = makeStaticRoot();
  let failed = false;
  try {
    console.log(
      `soak: ${duration} s per server, ${connections} connections, ${MIX.length}-request mix, growth limit ${maxSlope} MB/min (live heap, external, native)`,
    );
    for (const name of names) {
      const run = await soak(name, { duration, connections, staticRoot });
      const judged = verdict(run, maxSlope);
      report(run, judged);
      failed ||= judged.failures.length !== 0;
    }
  } finally {
    rmSync(staticRoot, { recursive: true, force: true });
  }
  console.log(failed ? "\nsoak: FAILED" : "\nsoak: passed");
  process.exitCode = failed ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
