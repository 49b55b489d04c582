// A Node.js binary of a given release line ("22", "24", "26"), for the scripts that run
// lib-server on the Node its users run rather than on whatever node started them
// (test/node-versions.js, benchmarks/run.js, benchmarks/instructions.js). The running node
// when it is of that line; otherwise npm's `node` package of that line, through npx (cached
// after the first fetch). A line that cannot be fetched, or a binary of another line (npm's
// `node` package installs its binary from a script, which ignore-scripts skips), is an error.
import { spawnSync } from "node:child_process";

/** The release lines lib-server supports, oldest first: what CI runs the suite on. */
export const SUPPORTED_LINES = ["22", "24", "26"];

/** The line the benchmarks run on unless told otherwise. */
export const DEFAULT_BENCH_LINE = "24";

/** "24" for "v24.21.0". */
export const lineOf = (version) => version.slice(1).split(".")[0];

/**
 * `choice` is a line ("24") or "current" (the running node). Returns { path, version } of a
 * node binary of that line; throws when there is none to be had.
 */
export function nodeBinary(choice) {
  if (choice === "current" || choice === lineOf(process.version))
    return { path: process.execPath, version: process.version };
  if (!/^\d+$/.test(choice))
    throw new Error(`--node takes a release line (${SUPPORTED_LINES.join(", ")}) or "current", not "${choice}"`);
  const found = spawnSync(
    "npx",
    ["-y", "-p", `node@${choice}`, "node", "-p", "JSON.stringify([process.execPath, process.version])"],
    {
      encoding: "utf8",
      shell: process.platform === "win32",
    },
  );
  const [path, version = ""] = lastJsonLine(found.stdout);
  if (found.status !== 0 || lineOf(version) !== choice) {
    throw new Error(
      `could not get Node ${choice} from npm (got ${version || "nothing"})\n${found.stderr ?? ""}`.trimEnd(),
    );
  }
  return { path, version };
}

// npx may print more than the script's answer: the answer is its last line.
function lastJsonLine(text = "") {
  try {
    return JSON.parse(text.trim().split("\n").at(-1));
  } catch {
    return [];
  }
}
