// What the tests of src/node-internals/ share: a server closed after its test, and the block
// of checks that must find the fast path on the lines lib-server supports.
import { describe, onTestFinished } from "vitest";
import { start } from "../helpers/server.js";

export const nodeMajor = Number(process.versions.node.split(".")[0]);

/** start(handler), closed once the test is over. */
export async function listen(handler) {
  const started = await start(handler);
  onTestFinished(() => started.close());
  return started;
}

// On the lines lib-server supports (22, 24 and 26: test:node-versions runs these on each) a
// check finds what it reads: its fallback (slower, or less graceful) must never be what runs.
export const onSupportedLines = (checks) =>
  describe.runIf(nodeMajor >= 22)(`on Node ${process.version}, no fallback`, checks);
