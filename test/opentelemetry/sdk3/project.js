// The OpenTelemetry lines lib-server's telemetry is compared with Express 5's under: SDK 2 from
// the checkout's devDependencies, SDK 3 from this folder's project (setup.js installs it and
// copies the test apps in), run on Node 24 when the running node is older (SDK 3 needs
// 22.15 or later). A test app runs in `cwd`, its fixtures at the same paths as in the
// checkout, with `env`; `libServerDist` is the CommonJS build that app would load;
// `experimentalVersions` matches the line's 0.x packages (instrumentation-http, sdk-node).
import { fileURLToPath } from "node:url";
import { DEFAULT_BENCH_LINE, lineOf, nodeBinary } from "../../../scripts/node-line.js";
import { root } from "../../helpers/test-project.js";

export const SDK3_PROJECT = fileURLToPath(new URL(".", import.meta.url));

let node24;
const nodeForSdk3 = () =>
  Number(lineOf(process.version)) >= 24 ? process.execPath : (node24 ??= nodeBinary(DEFAULT_BENCH_LINE).path);

export const OPENTELEMETRY_LINES = [
  {
    name: "SDK 2",
    cwd: root,
    env: {},
    node: () => process.execPath,
    libServerDist: `${root}dist/lib-server.cjs`,
    experimentalVersions: /^0\.2\d\d\./,
  },
  {
    name: "SDK 3",
    cwd: SDK3_PROJECT,
    env: { OPENTELEMETRY_SDK: "3" },
    node: nodeForSdk3,
    libServerDist: `${SDK3_PROJECT}node_modules/lib-server/dist/lib-server.cjs`,
    experimentalVersions: /^0\.3\d\d\./,
  },
];
