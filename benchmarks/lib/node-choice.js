// --node 22|24|26|current: the Node release line a benchmark runs on (default 24, what users
// run, whatever node started the script). The harness runs itself again on that Node, so
// that everything it starts (servers, under taskset or valgrind, via process.execPath) and
// the load generator in its own process (autocannon, or instructions.js's client) run on it.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { DEFAULT_BENCH_LINE, SUPPORTED_LINES, lineOf, nodeBinary } from "../../scripts/node-line.js";

export { DEFAULT_BENCH_LINE };

export const NODE_USAGE = `  --node LINE         the Node release line servers and load generator run on: ${SUPPORTED_LINES.join(", ")}
                      (fetched from npm's \`node\` package unless the running node is of
                      that line) or current (the node running this); default ${DEFAULT_BENCH_LINE}`;

/**
 * Null when this process already runs on the chosen line (or "current"); otherwise runs
 * `script` with the same arguments on a node of that line, its output ours, and resolves
 * to its exit code. Throws when that line cannot be had.
 */
export async function rerunOnNode(choice, script, args) {
  if (choice === "current" || choice === lineOf(process.version)) return null;
  const node = nodeBinary(choice);
  console.log(`running on Node ${node.version} (${node.path}); --node current runs on this ${process.version}`);
  const child = spawn(node.path, [script, ...args], { stdio: "inherit" });
  // Ctrl-C reaches both processes; a signal sent to this one only is passed on.
  const forward = (signal) => child.kill(signal);
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, forward);
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => resolve(code ?? 128 + (constants.signals[signal] ?? 0)));
  });
}
