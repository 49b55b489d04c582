// `npm run test:otel`: one app (test/opentelemetry/fixtures/app-definition.cjs) on Express 5
// with @opentelemetry/instrumentation-express and on lib-server with lib-server/opentelemetry,
// both with instrumentation-http and the real OpenTelemetry SDK exporting to memory, in
// child processes set up as apps are: a --require preload, an --import preload with
// OpenTelemetry's ES module hook, NodeSDK started before the app is loaded; CommonJS and ES
// module apps; on OpenTelemetry's SDK 2 (the checkout's devDependencies) and SDK 3
// (test/opentelemetry/sdk3/). The span trees (names, kinds, parents, attributes, status,
// exception events) and the http.server.request.duration data points must be the same, ids,
// times and ports aside.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { OPENTELEMETRY_LINES } from "./sdk3/project.js";

const fixtures = "test/opentelemetry/fixtures";
const run = promisify(execFile);

const SETUPS = {
  require: (app) => ["--require", `./${fixtures}/preload.cjs`, `${fixtures}/${app}`],
  import: (app) => ["--import", `./${fixtures}/preload.mjs`, `${fixtures}/${app}`],
  "in-process NodeSDK": (app) => [`${fixtures}/in-process.cjs`, `${fixtures}/${app}`],
};

async function record({ line, framework, setup, app, options = "none" }) {
  const env = { ...process.env, ...line.env, FRAMEWORK: framework, INSTRUMENTATION_OPTIONS: options };
  const { stdout } = await run(line.node(), SETUPS[setup](app), { cwd: line.cwd, env, maxBuffer: 1 << 24 });
  return JSON.parse(stdout);
}

const byStart = (a, b) => a.start[0] - b.start[0] || a.start[1] - b.start[1];

/** The spans as trees, without what differs from run to run. */
function spanTrees({ spans }) {
  const children = new Map();
  for (const span of spans)
    children.set(span.parentId ?? "root", [...(children.get(span.parentId ?? "root") ?? []), span]);
  const node = (span) => ({
    name: span.name,
    kind: span.kind,
    attributes: Object.fromEntries(Object.entries(span.attributes).filter(([key]) => !key.endsWith(".port"))),
    status: span.status,
    events: span.events.map(({ name, attributes }) => ({
      name,
      type: attributes["exception.type"],
      message: attributes["exception.message"],
    })),
    children: (children.get(span.id) ?? []).sort(byStart).map(node),
  });
  return (children.get("root") ?? []).sort(byStart).map(node);
}

function requestDurations({ metrics }) {
  const metric = metrics.find(({ name }) => name === "http.server.request.duration");
  return metric.points
    .map(({ attributes, count }) => ({ attributes, count }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

function expectSameTelemetry(libServer, express) {
  expect(spanTrees(libServer)).toEqual(spanTrees(express));
  expect(requestDurations(libServer)).toEqual(requestDurations(express));
}

// The line's own instrumentation-http made the spans (its 0.2xx or 0.3xx release).
const httpInstrumentationVersions = ({ spans }) => [
  ...new Set(
    spans.filter(({ scope }) => scope.name === "@opentelemetry/instrumentation-http").map(({ scope }) => scope.version),
  ),
];

const serverSpanNames = ({ spans }) => spans.filter((span) => span.kind === 1).map((span) => span.name);

describe.each(OPENTELEMETRY_LINES)(
  "$name: lib-server/opentelemetry gives the spans and metrics instrumentation-express gives Express 5",
  (line) => {
    // An ES module app's `import express` goes around require-in-the-middle: without the
    // --import hook, instrumentation-express sees no Express. lib-server's instrumentation
    // needs no hook; its results are compared with Express's where Express is instrumented.
    const expressInstrumented = (setup, app) => app === "app.cjs" || setup === "import";

    for (const setup of Object.keys(SETUPS)) {
      for (const app of ["app.cjs", "app.mjs"]) {
        test(`${setup}, ${app === "app.cjs" ? "CommonJS" : "ES module"} app`, async () => {
          const expressSetup = expressInstrumented(setup, app) ? { setup, app } : { setup: "import", app };
          const [libServer, express] = await Promise.all([
            record({ line, framework: "lib-server", setup, app }),
            record({ line, framework: "express", ...expressSetup }),
          ]);
          expect(serverSpanNames(libServer)).toContain("GET /api/users/:id");
          expect(httpInstrumentationVersions(libServer)).toEqual([expect.stringMatching(line.experimentalVersions)]);
          expectSameTelemetry(libServer, express);
        });
      }
    }

    test("dist/lib-server.cjs, under a --require preload", async () => {
      const [libServer, express] = await Promise.all([
        record({ line, framework: line.libServerDist, setup: "require", app: "app.cjs" }),
        record({ line, framework: "express", setup: "require", app: "app.cjs" }),
      ]);
      expectSameTelemetry(libServer, express);
    });

    // Each option set (fixtures/options.cjs) given to both instrumentations.
    for (const options of ["ignoreLayersType", "ignoreRouters", "ignoreLayers", "hooks", "failingHooks"]) {
      test(`options: ${options}`, async () => {
        const [libServer, express] = await Promise.all(
          ["lib-server", "express"].map((framework) =>
            record({ line, framework, setup: "require", app: "app.cjs", options }),
          ),
        );
        expectSameTelemetry(libServer, express);
      });
    }
  },
);
