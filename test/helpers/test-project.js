// The projects of their own that lib-server is tested inside (test/loaders/, test/opentelemetry/sdk3/):
// their tools installed from their lockfile, and lib-server put into their node_modules/ as npm
// installs it.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("../..", import.meta.url));

/** `npm ci` in `project` (a folder path ending in "/") when its lockfile is newer than its node_modules. */
export function installTools(project) {
  const installed = `${project}node_modules/.package-lock.json`;
  if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(`${project}package-lock.json`).mtimeMs) {
    execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: project, stdio: ["ignore", "ignore", "inherit"] });
  }
}

/**
 * Copies lib-server (package.json and its "files", as npm pack ships them) into
 * `project`/node_modules/lib-server/: a copy, since Jest transforms what a symlink leads outside
 * node_modules to. Returns the copy's folder; its node_modules/ is the caller's choice.
 */
export function copyLibServer(project) {
  const target = `${project}node_modules/lib-server/`;
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target);
  for (const entry of ["package.json", ...libServerPackage().files])
    cpSync(`${root}${entry}`, `${target}${entry}`, { recursive: true });
  return target;
}

/**
 * Gives the copy only its own dependencies, linked from the checkout's node_modules/: what it
 * loads besides them (its optional peers, @opentelemetry/*) comes from the project, as in an app.
 */
export function linkDependencies(copy) {
  mkdirSync(`${copy}node_modules`);
  for (const name of Object.keys(libServerPackage().dependencies))
    symlinkSync(`${root}node_modules/${name}`, `${copy}node_modules/${name}`, "dir");
}

const libServerPackage = () => JSON.parse(readFileSync(`${root}package.json`, "utf8"));
