// How much of the server's core other processes took during a run, from
// /proc/stat (Linux). On a shared machine this is what makes one framework
// look slow in one round: the report flags such runs instead of hiding them.
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
