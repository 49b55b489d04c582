// CPU pinning: the load generator (this process) and the server under test
// must not fight over one core, or the numbers measure the scheduler.
import { spawnSync } from "node:child_process";

// "0,1" or "0-3,6" -> [0, 1] / [0, 1, 2, 3, 6]
export function parseCpuList(text) {
  const cpus = [];
  for (const part of text.trim().split(",")) {
    if (part === "") continue;
    const [from, to = from] = part.split("-").map(Number);
    for (let cpu = from; cpu <= to; cpu++) cpus.push(cpu);
  }
  return cpus;
}

function allowedCpus() {
  const out = spawnSync("taskset", ["-pc", String(process.pid)], { encoding: "utf8" });
  if (out.error || out.status !== 0) return null;
  const list = out.stdout.split(":").pop();
  return parseCpuList(list);
}

// Pins every thread of this process to one core and returns the plan that
// children use: { loadCpu, serverCpu } or { reason } when pinning is impossible.
export function pinLoadGenerator() {
  const cpus = allowedCpus();
  if (!cpus) return { pinned: false, reason: "taskset not available" };
  if (cpus.length < 2) return { pinned: false, reason: `only ${cpus.length} cpu allowed` };
  const [loadCpu, serverCpu] = cpus;
  // -a: node already runs V8/libuv helper threads, pin them all.
  const out = spawnSync("taskset", ["-a", "-pc", String(loadCpu), String(process.pid)]);
  if (out.error || out.status !== 0) return { pinned: false, reason: "taskset -p failed" };
  return { pinned: true, loadCpu, serverCpu };
}

// The command that starts `node args` for the server: under taskset when pinned.
export function serverCommand(plan, nodeArgs) {
  if (!plan.pinned) return { command: process.execPath, args: nodeArgs };
  return { command: "taskset", args: ["-c", String(plan.serverCpu), process.execPath, ...nodeArgs] };
}
