// Child processes for the deployment test: binaries looked up on PATH and the sbin dirs,
// free loopback ports, processes started until a line says they are ready, and one place
// that kills everything still running.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const EXTRA_DIRS = ["/usr/sbin", "/usr/local/sbin", "/sbin"];
const running = new Set();

/** Absolute path of an executable, or null. */
export function findBinary(name) {
  const dirs = [...(process.env.PATH ?? "").split(path.delimiter), ...EXTRA_DIRS];
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {}
  }
  return null;
}

/** A loopback port free right now (the OS picks it; we release it at once). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Spawns `command` and resolves once its stdout or stderr matches `ready` (the match is
 * returned), rejecting if it exits first or `timeout` ms pass; `ready: null` resolves at once.
 * Resolves to { child, match, output(), exited, stop(signal) }.
 */
export function startProcess(command, args, { env, ready, timeout = 10_000, name = path.basename(command) } = {}) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  let output = "";
  const exited = new Promise((resolve) => {
    child.once("exit", (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  const handle = {
    child,
    exited,
    output: () => output,
    /** Sends `signal`, SIGKILL after `grace` ms; resolves to the exit { code, signal }. */
    stop(signal = "SIGTERM", grace = 5000) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const kill = setTimeout(() => child.kill("SIGKILL"), grace);
      return exited.finally(() => clearTimeout(kill));
    },
  };
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => fail(new Error(`${name} not ready after ${timeout} ms:\n${output}`)), timeout);
    const fail = (err) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(err);
    };
    const onOutput = (chunk) => {
      output += chunk;
      const match = ready === null ? [] : ready.exec(output);
      if (!match) return;
      settled = true;
      clearTimeout(timer);
      child.stdout.off("data", onOutput);
      child.stderr.off("data", onOutput);
      // Keep collecting (and draining) output after readiness.
      child.stdout.on("data", (more) => (output += more));
      child.stderr.on("data", (more) => (output += more));
      resolve({ ...handle, match });
    };
    child.stdout.on("data", onOutput);
    child.stderr.on("data", onOutput);
    if (ready === null) onOutput("");
    exited.then(({ code, signal }) => fail(new Error(`${name} exited (${signal ?? code}) before ready:\n${output}`)));
  });
}

/** SIGKILLs every process started here that is still running. */
export function killAll() {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
}

// Whatever happens to the test run, leave nothing behind.
process.once("exit", killAll);
