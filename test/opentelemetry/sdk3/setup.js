// Vitest's global set-up for the OpenTelemetry SDK 3 runs (test:otel, test:monitoring): this
// folder's tools installed, lib-server installed beside them, and the test apps copied in
// (test/…/fixtures/, git-ignored) so that what they load resolves here, as in an app on SDK 3.
import { cpSync, rmSync } from "node:fs";
import { copyLibServer, installTools, linkDependencies, root } from "../../helpers/test-project.js";
import { SDK3_PROJECT } from "./project.js";

const FIXTURES = ["test/opentelemetry/fixtures", "test/monitoring/fixtures"];

export default function setup() {
  installTools(SDK3_PROJECT);
  linkDependencies(copyLibServer(SDK3_PROJECT));
  rmSync(`${SDK3_PROJECT}test`, { recursive: true, force: true });
  for (const fixtures of FIXTURES) cpSync(`${root}${fixtures}`, `${SDK3_PROJECT}${fixtures}`, { recursive: true });
}
