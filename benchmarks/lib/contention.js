// What disturbs a timed run on a shared machine: other processes on our cores,
// from /proc/stat (Linux), and stalls that /proc/stat does not show. Either makes
// one framework look slow in one round: such runs are measured again, and the
// report flags those that stay disturbed instead of hiding them.
import { readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux the suite targets

// -> { busy, total } in seconds for one cpu, or null where /proc/stat is absent.
export function cpuTimes(cpu) {
  let stat;
  try {
    stat = readFileSync("/proc/stat", "utf8");
  } catch {
    return null;
  }
  const line = stat.split("\n").find((candidate) => candidate.startsWith(`cpu${cpu} `));
  if (!line) return null;
  // user nice system idle iowait irq softirq steal ...
  const [user, nice, system, idle, iowait, irq, softirq, steal = 0] = line.trim().split(/\s+/).slice(1).map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy: busy / TICKS_PER_SECOND, total: (busy + idle + iowait) / TICKS_PER_SECOND };
}

// Share of the cpu busy with anything but the server (whose own cpu seconds
// over the run are given), between two cpuTimes() readings.
export function othersShare(before, after, serverSeconds) {
  if (!before || !after) return null;
  const total = after.total - before.total;
  if (total <= 0) return null;
  return Math.max(0, (after.busy - before.busy - serverSeconds) / total);
}

// A stall: for a moment nothing is answered on any connection (a shared VM's
// neighbours; steal time reads 0 on the machines we measure on), so the run's p99
// lands far above its p50 and above any answer's normal wait. Both bounds: HTTP/2's
// multiplexed streams have long relative tails by nature, but of a few milliseconds
// (the thresholds' evidence: benchmarks/NOTES.md, eighth session).
const STALL_RATIO = 10;
const STALL_MS = 100;

/** The rule, as reports state it. */
export const STALL_RULE = `p99 ≥ ${STALL_MS} ms and ≥ ${STALL_RATIO}× p50`;

export function stalled(run) {
  return run.p50 > 0 && run.p99 >= STALL_MS && run.p99 >= STALL_RATIO * run.p50;
}
