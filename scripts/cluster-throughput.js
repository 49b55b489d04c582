// Throughput of examples/cluster.js (hello route) with 1 worker, then 2: autocannon against
// each for --duration seconds (default 10), 100 connections.
//   node scripts/cluster-throughput.js [--duration 10] [--connections 100] [--workers 1,2] [--node 24]
// --node 22|24|26|current: the Node line the workers and autocannon run on (default 24).
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { DEFAULT_BENCH_LINE, rerunOnNode } from "../benchmarks/lib/node-choice.js";

const EXAMPLE = fileURLToPath(new URL("../examples/cluster.js", import.meta.url));

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "100" },
    workers: { type: "string", default: "1,2" },
    node: { type: "string", default: DEFAULT_BENCH_LINE },
  },
});

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function measure(workers) {
  const port = await freePort();
  const child = spawn(process.execPath, [EXAMPLE], {
    env: { ...process.env, PORT: String(port), WORKERS: String(workers) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("cluster not ready in 15 s")), 15_000);
      child.stdout.on("data", (chunk) => {
        if (String(chunk).includes("workers on")) resolve(clearTimeout(timer));
      });
      child.once("exit", () => reject(new Error("cluster exited early")));
    });
    const url = `http://127.0.0.1:${port}/`;
    await autocannon({ url, connections: Number(values.connections), duration: 2 }); // warm-up
    const result = await autocannon({
      url,
      connections: Number(values.connections),
      duration: Number(values.duration),
    });
    return {
      workers,
      rps: result.requests.average,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
    };
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)));
  }
}

const exitCode = await rerunOnNode(values.node, fileURLToPath(import.meta.url), process.argv.slice(2));
if (exitCode !== null) process.exitCode = exitCode;
else {
  const rows = [];
  for (const workers of values.workers.split(",").map(Number)) rows.push(await measure(workers));
  console.log(`Node ${process.version}`);
  console.log("workers  req/s     p99 ms  errors  non-2xx");
  for (const row of rows) {
    console.log(
      `${String(row.workers).padEnd(8)} ${String(Math.round(row.rps)).padEnd(9)} ${String(row.p99).padEnd(7)} ${String(row.errors).padEnd(7)} ${row.non2xx}`,
    );
  }
  if (rows.length > 1)
    console.log(
      `speed-up ${rows.at(-1).workers} vs ${rows[0].workers} workers: x${(rows.at(-1).rps / rows[0].rps).toFixed(2)}`,
    );
}
