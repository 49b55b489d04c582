// `npm run test:monitoring`: test/monitoring/vitest.config.js on Node 24 (the tools' SDKs need
// Node 22 or later; users run 24), or on the line named: `npm run test:monitoring -- 26`.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { DEFAULT_BENCH_LINE, nodeBinary } from "../../scripts/node-line.js";

const vitest = fileURLToPath(new URL("../../node_modules/vitest/vitest.mjs", import.meta.url));
const config = fileURLToPath(new URL("./vitest.config.js", import.meta.url));
const node = nodeBinary(process.argv[2] ?? DEFAULT_BENCH_LINE);
console.log(`monitoring tools on Node ${node.version}`);
const run = spawnSync(node.path, [vitest, "run", "--config", config], { stdio: "inherit" });
process.exitCode = run.status ?? 1;
