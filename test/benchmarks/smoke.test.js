// `node benchmarks/run.js --smoke` against every server of every scenario:
// a few hundred requests each, answers checked, nothing timed. Keeps the
// benchmark suite from rotting. Missing optional servers are skipped by the
// runner; any wrong answer or failed start makes it exit non-zero.
import { describe, it, expect, afterAll } from "vitest";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const RUN = fileURLToPath(new URL("../../benchmarks/run.js", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "bench-smoke-"));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runSmoke(jsonPath) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [RUN, "--smoke", "--json", jsonPath], { stdio: ["ignore", "pipe", "pipe"] });
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
  }, 120_000);
});
