// The vitest suite on each Node.js release line lib-server supports (22, 24 and 26 unless
// named: `npm run test:node-versions -- 26`), each fetched from npm's `node` package unless
// the running node is of that line (scripts/node-line.js); `npm test` covers the Node that
// runs it. Node internals (src/node-internals/) and stream defaults differ between lines:
// a check that only ran on one hid a slow path on the others. A line that cannot be fetched
// fails the run.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { SUPPORTED_LINES, nodeBinary } from "../scripts/node-line.js";

const vitest = fileURLToPath(new URL("../node_modules/vitest/vitest.mjs", import.meta.url));
const lines = process.argv.length > 2 ? process.argv.slice(2) : SUPPORTED_LINES;
let failed = false;
for (const line of lines) {
  let node;
  try {
    node = nodeBinary(line);
  } catch (error) {
    console.error(error.message);
    failed = true;
    continue;
  }
  console.log(`vitest on Node ${node.version}`);
  const run = spawnSync(node.path, [vitest, "run", "--reporter=dot"], { stdio: "inherit" });
  if (run.status !== 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
