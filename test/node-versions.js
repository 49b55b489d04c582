// The vitest suite on the other Node.js release lines lib-server supports (22 and 24 unless
// named: `npm run test:node-versions -- 22`), each fetched from npm's `node` package; `npm
// test` covers the Node that runs it. Node internals (src/node-internals.js) and stream
// defaults differ between lines: a check that only ran on one hid a slow path on the others.
// A line that cannot be fetched, or a binary of another line (npm's `node` package installs
// its binary from a script, which ignore-scripts skips), fails the run.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const vitest = fileURLToPath(new URL("../node_modules/vitest/vitest.mjs", import.meta.url));
const lines = process.argv.length > 2 ? process.argv.slice(2) : ["22", "24"];
let failed = false;
for (const line of lines) {
  const found = spawnSync("npx", ["-y", "-p", `node@${line}`, "node", "-p", "JSON.stringify([process.execPath, process.version])"], {
    encoding: "utf8",
    shell: process.platform === "win32",
  });
  const [node, version = ""] = lastJsonLine(found.stdout);
  if (found.status !== 0 || !version.startsWith(`v${line}.`)) {
    console.error(`could not get Node ${line} from npm (got ${version || "nothing"})\n${found.stderr ?? ""}`);
    failed = true;
    continue;
  }
  console.log(`vitest on Node ${version}`);
  const run = spawnSync(node, [vitest, "run", "--reporter=dot"], { stdio: "inherit" });
  if (run.status !== 0) failed = true;
}
process.exitCode = failed ? 1 : 0;

// npx may print more than the script's answer: the answer is its last line.
function lastJsonLine(text = "") {
  try {
    return JSON.parse(text.trim().split("\n").at(-1));
  } catch {
    return [];
  }
}
