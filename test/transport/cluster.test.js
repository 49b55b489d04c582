// src/transport/cluster.js in a child process: both workers answer, a crashed worker is replaced, a
// crash loop backs off, and SIGTERM drains in-flight requests before everything exits.
import { describe, it, expect, afterEach, vi } from "vitest";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { request } from "../helpers/server.js";
import { h2request } from "../helpers/http2.js";

const script = fileURLToPath(new URL("./fixtures/cluster-server.js", import.meta.url));
const children = new Set();

/** Starts the cluster fixture; resolves to { child, port, stderr() } once it prints READY. */
function startCluster(env = {}) {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const ready = new Promise((resolve, reject) => {
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      const match = /READY (\d+)/.exec(stdout);
      if (match) resolve(Number(match[1]));
    });
    exited.then(() => reject(new Error(`cluster exited before READY: ${stderr}`)));
  });
  return { child, ready, exited, stderr: () => stderr };
}

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Distinct worker pids seen over up to `tries` requests on new connections. */
async function pidsAnswering(port, wanted, tries = 40) {
  const pids = new Set();
  for (let i = 0; i < tries && pids.size < wanted; i++) {
    const res = await request(port, "/");
    if (res.status === 200) pids.add(JSON.parse(res.text).pid);
  }
  return pids;
}

afterEach(() => {
  // Kill the whole group of a cluster still running (its workers too).
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  children.clear();
});

describe("cluster()", () => {
  it("forks two workers that both answer", async () => {
    const { ready, child } = startCluster({ WORKERS: "2" });
    const port = await ready;
    const pids = await pidsAnswering(port, 2);
    expect(pids.size).toBe(2);
    expect(pids.has(child.pid)).toBe(false); // the primary serves nothing itself
    child.kill("SIGTERM");
  });

  it("passes http2 on: workers serve h2c and HTTP/1.1 on the shared port, and exit cleanly", async () => {
    const { ready, child, exited } = startCluster({ WORKERS: "2", H2C: "1" });
    const port = await ready;
    const overH2 = await h2request(`http://127.0.0.1:${port}`);
    expect(overH2.status).toBe(200);
    expect(JSON.parse(overH2.text).pid).not.toBe(child.pid);
    expect((await request(port, "/")).status).toBe(200);
    child.kill("SIGTERM");
    expect(await exited).toEqual({ code: 0, signal: null });
  });

  it("replaces a crashed worker, serving throughout", async () => {
    const { ready, child, stderr } = startCluster({ WORKERS: "2" });
    const port = await ready;
    const before = await pidsAnswering(port, 2);
    expect((await request(port, "/crash")).status).toBe(200);
    // Connections that reach the crashing worker in the moment it dies are lost: reset if it
    // had accepted them, left waiting if Node's round-robin primary was handing them over
    // (it never closes those). How many depends on how long the dying takes on a busy
    // machine (one CI run lost two), so the count starts once the primary has reaped it.
    const deathDeadline = Date.now() + 10_000;
    while ([...before].every(isAlive) && Date.now() < deathDeadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect([...before].filter(isAlive)).toHaveLength(1);
    // Requests keep being answered while one worker is down and restarting. One connection
    // may still be lost, handed over just before the primary heard of the death.
    const seen = new Set();
    const failures = [];
    // An 8 s wait per request, so that an answer slowed by a busy machine (the new worker
    // starting on the other core while CI runs other suites) is not taken for the lost
    // connection: 3 s counted two failures in one CI run on Node 26.
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && !(seen.size === 2 && [...seen].some((pid) => !before.has(pid)))) {
      const res = await request(port, { path: "/", timeout: 8000 }).catch((err) => err);
      if (res.status === 200) seen.add(JSON.parse(res.text).pid);
      else failures.push(res.code ?? res.status);
      if (seen.size === 2 && ![...seen].some((pid) => !before.has(pid))) seen.clear();
    }
    expect(seen.size).toBe(2);
    expect([...seen].filter((pid) => !before.has(pid))).toHaveLength(1);
    expect(failures.length, `failures: ${JSON.stringify(failures)}`).toBeLessThanOrEqual(1);
    expect(stderr()).toMatch(/worker \d+ exited \(code 1\), restarting in \d+ ms/);
    child.kill("SIGTERM");
  }, 45_000);

  it("backs off while workers crash on start", async () => {
    const { child, exited, ready, stderr } = startCluster({ WORKERS: "1", CRASH_ON_START: "1" });
    ready.catch(() => {}); // never ready: every worker dies in createApp()
    await vi.waitFor(() => expect(stderr().match(/restarting in/g)?.length).toBeGreaterThanOrEqual(3), {
      timeout: 8000,
      interval: 50,
    });
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    child.kill("SIGTERM");
    expect(await exited).toEqual({ code: 0, signal: null });
    const delays = [...stderr().matchAll(/restarting in (\d+) ms/g)].map((m) => Number(m[1]));
    // Doubling from 100 ms: the fourth restart waits 800 ms, so one second later a fifth
    // at most has happened, not hundreds.
    expect(delays.slice(0, 3)).toEqual([100, 200, 400]);
    expect(delays.length).toBeLessThanOrEqual(5);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  // The flake this reproduces: SIGTERM while a crash-looping worker was dying, its channel
  // closed but its exit not yet seen; the shutdown message failed (EPIPE), and the unhandled
  // 'error' on the worker killed the primary with code 1.
  it("a shutdown message that cannot be delivered still ends in a clean exit", async () => {
    const { ready, child, exited, stderr } = startCluster({ WORKERS: "2", BROKEN_IPC: "1" });
    await ready;
    child.kill("SIGTERM");
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(stderr()).not.toMatch(/Unhandled 'error'/);
  });

  for (const signal of ["SIGTERM", "SIGINT"]) {
    it(`${signal} to the primary drains in-flight requests, then all processes exit 0`, async () => {
      const { ready, child, exited } = startCluster({ WORKERS: "2" });
      const port = await ready;
      const workers = await pidsAnswering(port, 2);
      const inFlight = Promise.all([request(port, "/slow"), request(port, "/slow")]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      child.kill(signal);
      const answers = await inFlight;
      expect(answers.map((res) => res.status)).toEqual([200, 200]);
      expect(await exited).toEqual({ code: 0, signal: null });
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (const pid of workers) expect(isAlive(pid)).toBe(false);
    });
  }
});
