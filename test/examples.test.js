// The examples say where they listen when they start, and answer there.
import { describe, it, expect } from "vitest";
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { h2request } from "./helpers/http2.js";

const root = fileURLToPath(new URL("..", import.meta.url));

/** A port nothing listens on right now (the examples take theirs from $PORT). */
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });

/** Starts `node <file>` (after `preload`, if any) with PORT set; resolves with its first line of output and the child. */
function start(file, port, preload) {
  const args = preload ? ["--require", preload, file] : [file];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) resolve({ child, line: out.split("\n")[0] });
    });
    child.on("exit", (code) => reject(new Error(`${file} exited (${code}) before printing a line`)));
    setTimeout(() => {
      child.kill();
      reject(new Error(`${file} printed nothing in 5 s`));
    }, 5000).unref();
  });
}

describe.each([
  ["examples/hello.js", "/api/health"],
  ["examples/static.js", "/files/"],
  ["examples/compose.js", "/health"],
  ["examples/prometheus/server.js", "/metrics"],
  ["examples/http2.js", "/api/time"],
  ["examples/tracing.js", "/api/items/7"],
  ["examples/tracing.js", "/api/items/7", "./examples/opentelemetry.cjs"],
])("%s %s (preload: %s)", (file, probe, preload) => {
  it("prints the URL it listens on, which answers", async () => {
    const port = await freePort();
    const { child, line } = await start(file, port, preload);
    try {
      expect(line).toContain(`http://localhost:${port}`);
      const res = await fetch(`http://127.0.0.1:${port}${probe}`);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
    } finally {
      child.kill();
    }
  });
});

it("examples/http2.js answers HTTP/2 with prior knowledge on the same port", async () => {
  const port = await freePort();
  const { child } = await start("examples/http2.js", port);
  try {
    const res = await h2request(`http://127.0.0.1:${port}`, { path: "/api/time" });
    expect(JSON.parse(res.text)).toMatchObject({ http2: true });
  } finally {
    child.kill();
  }
});
