// An app no monitoring tool watches: no adapter attached, nobody subscribed to lib-server's
// channels, so its requests publish nothing (src/tracing.js checks hasSubscribers). Run in a
// child process, which no other test has registered an OpenTelemetry SDK or Sentry in.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, test } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

const probe = `
import dc from "node:diagnostics_channel";
import Server from "lib-server";
const app = Server();
app.get("/", (req, res) => res.end());
const channels = ["lib-server.layer", "lib-server.request.start", "lib-server.request.end"];
console.log(JSON.stringify({
  attached: [...(globalThis[Symbol.for("lib-server.monitoring.attached")] ?? [])],
  subscribed: channels.filter((name) => dc.channel(name).hasSubscribers),
  traced: dc.tracingChannel("express.router.request").hasSubscribers,
}));
`;

test("an app no tool monitors attaches no adapter and subscribes to nothing", async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", probe], { cwd: root });
  expect(JSON.parse(stdout)).toEqual({ attached: [], subscribed: [], traced: false });
});
