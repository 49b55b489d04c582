// Command line -> { profile, names, node, pin, jsonPath, write }.
import { parseArgs } from "node:util";
import { DEFAULT_BENCH_LINE, NODE_USAGE } from "./node-choice.js";

// duration and warmup in seconds; warm-up is warmupRequests requests, cut
// short after warmup seconds. Smoke only checks answers (a few hundred
// requests each). See benchmarks/README.md for what each profile costs.
export const PROFILES = {
  full: {
    name: "full",
    rounds: 3,
    duration: 0.75,
    warmupRequests: 3000,
    warmup: 1,
    connections: 100,
    maxContention: 0.1,
    retries: 1,
    coldStarts: 15,
    settle: 0.5,
    afterLoad: 1,
    load: "autocannon",
  },
  // The core request-path scenarios only (unless named), to fit in about a minute.
  quick: {
    name: "quick",
    scenarios: ["hello", "json", "params", "middleware", "post-json", "cold-start"],
    rounds: 3,
    duration: 0.25,
    warmupRequests: 1000,
    warmup: 0.3,
    connections: 100,
    maxContention: 0.1,
    retries: 1,
    coldStarts: 5,
    settle: 0.2,
    afterLoad: 0.5,
    load: "autocannon",
  },
  smoke: { name: "smoke", smoke: true, rounds: 1, connections: 10, requests: 300, coldStarts: 1, parallel: 2 },
};

const LOAD_GENERATORS = ["autocannon", "wrk"];

const OPTIONS = {
  quick: { type: "boolean" },
  smoke: { type: "boolean" },
  rounds: { type: "string" },
  duration: { type: "string" },
  warmup: { type: "string" },
  "warmup-requests": { type: "string" },
  connections: { type: "string" },
  retries: { type: "string" },
  load: { type: "string" },
  node: { type: "string", default: DEFAULT_BENCH_LINE },
  "no-pin": { type: "boolean" },
  "no-write": { type: "boolean" },
  json: { type: "string" },
  list: { type: "boolean" },
  help: { type: "boolean", short: "h" },
};

export const USAGE = `usage: npm run bench -- [scenario ...] [options]
  --quick             about 1 minute: shorter runs of the core scenarios (hello, json,
                      params, middleware, post-json, cold-start) unless scenarios are named
  --smoke             correctness only: a few hundred requests per server, no timing
  --rounds N          interleaved rounds per scenario (default 3)
  --duration S        seconds per timed run (default 0.75)
  --warmup S          at most S seconds of warm-up per server and case (default 1)
  --warmup-requests N warm-up requests per server and case (default 3,000), cut short at --warmup
                      seconds: a long warm-up shows each server after V8 has optimized all of it
  --connections N     concurrent connections (default 100)
  --retries N         re-measure a run contended by other processes, or stalled, up to N times (default 1)
  --load wrk          timed runs with wrk (whole seconds, at least 1) instead of autocannon,
                      whose own CPU limits the fastest servers; warm-ups stay autocannon's
${NODE_USAGE}
  --no-pin            do not pin server and load generator to separate cores
  --no-write          do not update benchmarks/results/
  --json FILE         also write this run's raw results to FILE
  --list              list the scenarios and exit`;

// Numeric options: [command line, profile key, what the value must be].
const POSITIVE = { test: (n) => n > 0, says: "positive number" };
const WHOLE = { test: (n) => Number.isInteger(n) && n > 0, says: "whole number > 0" };
const COUNT = { test: (n) => Number.isInteger(n) && n >= 0, says: "whole number ≥ 0" };
const NUMBER_OPTIONS = [
  ["rounds", "rounds", POSITIVE],
  ["duration", "duration", POSITIVE],
  ["warmup", "warmup", POSITIVE],
  ["warmup-requests", "warmupRequests", WHOLE],
  ["connections", "connections", POSITIVE],
  ["retries", "retries", COUNT],
];

export function parseCommandLine(argv) {
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  if (values.quick && values.smoke) throw new Error("--quick and --smoke exclude each other");
  const base = values.smoke ? PROFILES.smoke : values.quick ? PROFILES.quick : PROFILES.full;
  const profile = { ...base };
  for (const [option, key, kind] of NUMBER_OPTIONS) {
    if (values[option] === undefined) continue;
    const number = Number(values[option]);
    if (!kind.test(number)) throw new Error(`--${option} needs a ${kind.says}, got ${values[option]}`);
    profile[key] = number;
  }
  if (values.load !== undefined) {
    if (!LOAD_GENERATORS.includes(values.load))
      throw new Error(`--load needs one of ${LOAD_GENERATORS.join(", ")}, got ${values.load}`);
    if (!values.smoke) profile.load = values.load;
  }
  return {
    profile,
    names: positionals,
    node: values.node,
    pin: !values["no-pin"],
    // Smoke runs prove nothing about speed: they never touch the committed results.
    write: !values["no-write"] && !values.smoke,
    jsonPath: values.json,
    list: Boolean(values.list),
    help: Boolean(values.help),
  };
}
