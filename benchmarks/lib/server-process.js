// Runs one benchmark server in its own child process (see benchmarks/servers/ready.js
// for the contract) and hands back a small handle to talk to it.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { serverCommand } from "./affinity.js";

const PROBE = new URL("./probe.js", import.meta.url).href;
const READY_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 3_000;
const STDERR_KEPT = 8_000;

// Servers still running when the harness exits (error, Ctrl-C) are killed with it.
const live = new Set();
process.on("exit", () => {
  for (const child of live) child.kill("SIGKILL");
});

// Below Linux's ephemeral range (32768+), where autocannon's own client
// sockets would otherwise take the port between our check and the server's listen.
const PORT_RANGE = [20_000, 32_000];
const START_ATTEMPTS = 3;

function canListen(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

async function freePort() {
  const [low, high] = PORT_RANGE;
  for (;;) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await canListen(port)) return port;
  }
}

// Resolves once the server said "ready"; rejects with the reason it never did.
// A port taken by someone else in the meantime is retried on another port.
// `file` is an absolute path to the server script; `probe: false` keeps the
// process pristine (cold start), at the price of no usage().
export async function startServer(file, options = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnPort(file, await freePort(), options);
    } catch (error) {
      if (attempt === START_ATTEMPTS || !error.message.includes("EADDRINUSE")) throw error;
    }
  }
}

// env: extra environment variables for the server (e.g. STATIC_ROOT); scheme:
// "https" for a server that speaks TLS (the h2 scenarios).
async function startOnPort(file, port, { plan, probe = true, env, scheme = "http" }) {
  const nodeArgs = probe ? [`--import=${PROBE}`, file] : [file];
  const { command, args } = serverCommand(plan ?? { pinned: false }, nodeArgs);
  const startedAt = process.hrtime.bigint();
  const child = spawn(command, args, {
    env: { ...process.env, ...env, PORT: String(port), NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  live.add(child);
  child.once("exit", () => live.delete(child));
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk) => {
    if (stderr.length < STDERR_KEPT) stderr += chunk;
  });

  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(`no "ready" within ${READY_TIMEOUT_MS} ms`), READY_TIMEOUT_MS);
    function done() {
      clearTimeout(timer);
      child.off("message", onMessage);
      child.stdout.off("data", onStdout);
      child.off("exit", onExit);
      child.off("error", onError);
    }
    function succeed() {
      done();
      resolve();
    }
    function fail(reason) {
      done();
      child.kill("SIGKILL");
      const detail = errorLine(stderr);
      reject(new Error(detail ? `${reason}: ${detail}` : reason));
    }
    function onMessage(message) {
      if (message === "ready") succeed();
    }
    function onStdout(chunk) {
      if (String(chunk).includes("READY")) succeed();
    }
    function onExit(code, signal) {
      fail(`exited with ${signal ?? `code ${code}`} before ready`);
    }
    function onError(error) {
      fail(error.message);
    }
    child.on("message", onMessage);
    child.stdout.on("data", onStdout);
    child.once("exit", onExit);
    child.once("error", onError);
  });
  child.stdout.resume(); // keep draining whatever the server logs

  return {
    url: `${scheme}://127.0.0.1:${port}`,
    startedAt,
    usage: () => readUsage(child),
    stop: () => stopServer(child),
  };
}

// The line of a crash report that says what went wrong ("TypeError: ...").
function errorLine(stderr) {
  const lines = stderr
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.find((line) => /^\w*Error\b/.test(line)) ?? lines.at(-1) ?? "";
}

// A server may still be working off a load generator's backlog (HTTP/2 streams h2load
// left queued when it stopped) before it reads the IPC message.
const USAGE_TIMEOUT_MS = 30_000;

// -> { memory: process.memoryUsage(), cpu: process.cpuUsage(), node: process.version } of the server.
function readUsage(child) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off("message", onMessage);
      reject(new Error("no usage report from the server"));
    }, USAGE_TIMEOUT_MS);
    function onMessage(message) {
      if (message?.type !== "bench:usage") return;
      clearTimeout(timer);
      child.off("message", onMessage);
      resolve(message);
    }
    child.on("message", onMessage);
    child.send("bench:usage");
  });
}

function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
