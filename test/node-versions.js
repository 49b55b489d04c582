// The vitest suite on the other Node.js release lines lib-server supports (22 and 24 unless
// named: `npm run test:node-versions -- 22`), each fetched from npm's `node` package; `npm
// test` covers the Node that runs it. Node internals (src/node-internals.js) and stream
// defaults differ between lines: a check that only ran on one hid a slow path on the others.
import { execFileSync, spawnSync } from "node:child_process";

const lines = process.argv.length > 2 ? process.argv.slice(2) : ["22", "24"];
let failed = false;
for (const line of lines) {
  let node;
  try {
    const args = ["-y", "-p", `node@${line}`, "node", "-p", "process.execPath"];
    node = execFileSync("npx", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    console.warn(`warning: could not fetch Node ${line} from npm; its run is skipped`);
    continue;
  }
  console.log(`vitest on Node ${execFileSync(node, ["--version"], { encoding: "utf8" }).trim()}`);
  const run = spawnSync(node, ["node_modules/vitest/vitest.mjs", "run", "--reporter=dot"], { stdio: "inherit" });
  if (run.status !== 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
