// `node benchmarks/run.js --smoke` against every server of every scenario:
// a few hundred requests each, answers checked, nothing timed. Keeps the
// benchmark suite from rotting. Missing optional servers are skipped by the
// runner; any wrong answer or failed start makes it exit non-zero. It runs on the node
// running the tests (--node current); one small run shows --node choosing another line.
import { describe, it, expect, afterAll } from "vitest";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SUPPORTED_LINES, lineOf } from "../../scripts/node-line.js";
import { h2loadMissing } from "../../benchmarks/lib/h2load.js";

const H2_SCENARIOS = ["h2c", "h2-tls", "h2-multiplex"];
const RUN = fileURLToPath(new URL("../../benchmarks/run.js", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "bench-smoke-"));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runSmoke(jsonPath, args = ["--node", "current"]) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [RUN, "--smoke", "--json", jsonPath, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe("benchmark smoke run", () => {
  it("every server of every scenario answers correctly", async () => {
    const jsonPath = join(dir, "smoke.json");
    const { code, output } = await runSmoke(jsonPath);
    expect(code, output).toBe(0);

    const { scenarios } = JSON.parse(readFileSync(jsonPath, "utf8"));
    const entries = Object.values(scenarios).flatMap((scenario) => scenario.cases.flatMap((c) => c.servers));
    const checked = entries.filter((entry) => entry.status === "ok");
    expect(checked.length).toBeGreaterThan(20);
    // lib-server's own servers are never optional.
    const subjects = entries.filter((entry) => entry.subject);
    expect(subjects.length).toBeGreaterThan(0);
    for (const entry of subjects) expect(entry.status, `${entry.label}: ${entry.problems}`).toBe("ok");
    // Smoke runs claim no numbers.
    for (const entry of entries) expect(entry.runs.filter((run) => "rps" in run)).toEqual([]);
    // The HTTP/2 scenarios run wherever h2load is installed (nghttp2-client), and say why not elsewhere.
    for (const name of H2_SCENARIOS) {
      if (h2loadMissing()) expect(scenarios[name].skipped).toMatch(/h2load/);
      else
        expect(
          scenarios[name].cases.flatMap((c) => c.servers).filter((entry) => entry.subject).length,
          name,
        ).toBeGreaterThan(0);
    }
    // 181 s measured (HTTP/2 scenarios included) with a load average of 29 on the 2 cores.
  }, 300_000);

  it("--node runs the harness and every server it starts on the chosen release line", async () => {
    // A line other than this node's, so that the harness has to fetch it and run on it.
    const line = SUPPORTED_LINES.find((candidate) => candidate !== lineOf(process.version));
    const jsonPath = join(dir, "node.json");
    // The memory scenario: seven servers, and each reports its process.version (lib/probe.js).
    const { code, output } = await runSmoke(jsonPath, ["--node", line, "--no-pin", "memory"]);
    expect(code, output).toBe(0);

    const { meta, scenarios } = JSON.parse(readFileSync(jsonPath, "utf8"));
    expect(lineOf(meta.node)).toBe(line);
    expect(output).toContain(`lib-server benchmarks on Node ${meta.node}`);
    const servers = scenarios.memory.cases[0].servers;
    expect(servers.length).toBeGreaterThan(3);
    for (const entry of servers)
      expect([entry.label, entry.status, entry.node]).toEqual([entry.label, "ok", meta.node]);
  }, 60_000);
});
