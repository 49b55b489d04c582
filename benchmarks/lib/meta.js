// Enough about the machine and the versions to reproduce or question a number.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import { h2loadVersion } from "./h2load.js";

const ROOT = new URL("../../", import.meta.url);
const PEERS = ["autocannon", "express", "express4", "fastify", "polka", "serve-static", "sirv", "@fastify/static"];

function versionOf(packageDir) {
  try {
    return JSON.parse(readFileSync(new URL(`${packageDir}/package.json`, ROOT), "utf8")).version;
  } catch {
    return null;
  }
}

function gitCommit() {
  try {
    const cwd = new URL(".", ROOT);
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "src"], { cwd, encoding: "utf8" }).trim();
    return dirty ? `${commit} (src/ modified)` : commit;
  } catch {
    return null;
  }
}

export function collectMeta(plan) {
  const versions = { "lib-server": versionOf(".") };
  for (const name of PEERS) versions[name] = versionOf(`node_modules/${name}`);
  versions.h2load = h2loadVersion();
  return {
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    cpu: os.cpus()[0]?.model ?? "unknown",
    cpus: os.cpus().length, // not availableParallelism(): this process is pinned to one
    pinning: plan.pinned
      ? `server on cpu ${plan.serverCpu}, load generator on cpu ${plan.loadCpu}`
      : `not pinned (${plan.reason})`,
    // Other work on the machine is the first suspect when numbers look odd.
    loadAverage: os.loadavg()[0],
    commit: gitCommit(),
    versions,
  };
}
