// Command line -> { profile, names, pin, jsonPath, write }.
import { parseArgs } from "node:util";

// Seconds. The full profile is sized for about 5 minutes on 2 cores, quick
// for about 1; smoke only checks answers (a few hundred requests each).
export const PROFILES = {
  full: { name: "full", duration: 2, warmup: 0.5, rounds: 3, connections: 100, coldStarts: 15 },
  quick: { name: "quick", duration: 0.5, warmup: 0.2, rounds: 3, connections: 100, coldStarts: 5 },
  smoke: { name: "smoke", smoke: true, rounds: 1, connections: 10, requests: 300, coldStarts: 1, parallel: 2 },
};

const OPTIONS = {
  quick: { type: "boolean" },
  smoke: { type: "boolean" },
  rounds: { type: "string" },
  duration: { type: "string" },
  warmup: { type: "string" },
  connections: { type: "string" },
  "no-pin": { type: "boolean" },
  "no-write": { type: "boolean" },
  json: { type: "string" },
  list: { type: "boolean" },
  help: { type: "boolean", short: "h" },
};

export const USAGE = `usage: npm run bench -- [scenario ...] [options]
  --quick             about 1 minute: shorter runs, same rounds
  --smoke             correctness only: a few hundred requests per server, no timing
  --rounds N          interleaved rounds per scenario (default 3)
  --duration S        seconds per timed run (default 2)
  --warmup S          seconds of warm-up before each timed run (default 0.5)
  --connections N     concurrent connections (default 100)
  --no-pin            do not pin server and load generator to separate cores
  --no-write          do not update benchmarks/results/
  --json FILE         also write this run's raw results to FILE
  --list              list the scenarios and exit`;

export function parseCommandLine(argv) {
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  if (values.quick && values.smoke) throw new Error("--quick and --smoke exclude each other");
  const base = values.smoke ? PROFILES.smoke : values.quick ? PROFILES.quick : PROFILES.full;
  const profile = { ...base };
  for (const key of ["rounds", "duration", "warmup", "connections"]) {
    if (values[key] === undefined) continue;
    const number = Number(values[key]);
    if (!(number > 0)) throw new Error(`--${key} needs a positive number, got ${values[key]}`);
    profile[key] = number;
  }
  return {
    profile,
    names: positionals,
    pin: !values["no-pin"],
    // Smoke runs prove nothing about speed: they never touch the committed results.
    write: !values["no-write"] && !values.smoke,
    jsonPath: values.json,
    list: Boolean(values.list),
    help: Boolean(values.help),
  };
}
