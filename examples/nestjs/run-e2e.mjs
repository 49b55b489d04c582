// Installs this example (npm ci: `express` is lib-server through the package.json's override) and
// runs its Jest e2e suite on lib-server, then the same suite on real Express 5 for comparison
// (jest.express.config.cjs maps `express` to the express5 alias).
//   node examples/nestjs/run-e2e.mjs [--no-install] [--lib-server-only]
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const dir = dirname(fileURLToPath(import.meta.url));
const args = new Set(process.argv.slice(2));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function run(label, command, commandArgs, env = {}) {
  console.log(`\n> ${label}: ${command} ${commandArgs.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, commandArgs, { cwd: dir, stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n${label} failed (${result.error?.message ?? `exit code ${result.status}`}) after ${seconds} s`);
    process.exit(result.status || 1);
  }
  console.log(`${label}: ok in ${seconds} s`);
}

// lib-server's CommonJS build (dist/lib-server.cjs) is what Jest loads; `npm ci` at the root builds it.
if (!existsSync(join(dir, "../../dist/lib-server.cjs")))
  run("build lib-server", npm, ["run", "build", "--prefix", join(dir, "../..")]);
if (!args.has("--no-install")) run("install", npm, ["ci", "--no-audit", "--no-fund", "--prefer-offline"]);
const jest = join(dir, "node_modules/jest/bin/jest.js");
run("e2e on lib-server", process.execPath, [jest, "--ci", "--config", "jest.config.cjs"], {
  EXPECTED_EXPRESS: "lib-server",
});
if (!args.has("--lib-server-only"))
  run("e2e on Express 5", process.execPath, [jest, "--ci", "--config", "jest.express.config.cjs"]);
