// `npm run test:types`: type-checks every TypeScript project of the repository with the
// installed tsc (see test/types/README.md for what each one proves), one after the other.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const tsc = join(dirname(createRequire(import.meta.url).resolve("typescript/package.json")), "bin", "tsc");

const projects = [
  // lib-server's own API, augmentation of req/res, the declared runtime exports, compose().
  "test/types/tsconfig.json",
  // A typical Express service and Express typing idioms, against lib-server...
  "test/types/express-parity/tsconfig.json",
  // ...and the same files against @types/express: they are Express code, errors included.
  "test/types/express-parity/tsconfig.express.json",
  // A project without @types/express.
  "test/types/without-express-types/tsconfig.json",
  // The Express 4 mode: an app typed as against @types/express 4, through lib-server-express4
  // installed as "express", and both modes side by side.
  "test/types/express4/tsconfig.json",
  // CommonJS consumers: .cts files (module nodenext) and ES syntax compiled to CommonJS.
  "test/types/commonjs/tsconfig.json",
  "test/types/commonjs/tsconfig.commonjs.json",
  // The example service, as a user would compile it.
  "examples/typescript/tsconfig.json",
];

let failed = 0;
for (const project of projects) {
  const started = performance.now();
  const run = spawnSync(process.execPath, [tsc, "-p", project, "--noEmit"], { cwd: root, encoding: "utf8" });
  const ms = Math.round(performance.now() - started);
  if (run.status === 0) {
    console.log(`ok    ${project} (${ms} ms)`);
  } else {
    failed++;
    console.log(`FAIL  ${project} (${ms} ms)`);
    process.stdout.write(run.stdout + run.stderr);
  }
}
console.log(`types: ${projects.length - failed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
