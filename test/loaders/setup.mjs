// Installs this folder's tools when its lockfile is newer than its node_modules, and puts
// lib-server (package.json and its "files", as npm pack ships them) into node_modules/ as an
// installed package: a copy, since Jest transforms what a symlink leads outside node_modules
// to; its own node_modules/ is the checkout's, which has its dependencies.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const root = fileURLToPath(new URL("../..", import.meta.url));

export default function setup() {
  const installed = `${here}node_modules/.package-lock.json`;
  if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(`${here}package-lock.json`).mtimeMs) {
    execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: here, stdio: ["ignore", "ignore", "inherit"] });
  }
  const target = `${here}node_modules/lib-server/`;
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target);
  const { files } = JSON.parse(readFileSync(`${root}package.json`, "utf8"));
  for (const entry of ["package.json", ...files]) cpSync(`${root}${entry}`, `${target}${entry}`, { recursive: true });
  symlinkSync(`${root}node_modules`, `${target}node_modules`, "dir");
}
