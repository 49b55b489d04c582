// The file tree the static and listing scenarios serve, built once by the
// static helper's benchmarks/fixtures/make-static.js into the temp directory
// and reused while that script is unchanged (11,000+ files take seconds).
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const MAKER = fileURLToPath(new URL("../fixtures/make-static.js", import.meta.url));
export const STATIC_ROOT = join(tmpdir(), "lib-server-bench-static");
// What the static scenario serves: its three files only, not the 11,000 files
// of the listing directories next to it (see make-static.js for why).
export const STATIC_FILES_ROOT = join(STATIC_ROOT, "files");
const STAMP = join(STATIC_ROOT, ".made-by");

let building;

// Resolves to null when the tree is ready, or to the reason it cannot be.
export function ensureStaticFixtures({ log }) {
  building ??= build(log);
  return building;
}

async function build(log) {
  if (!existsSync(MAKER)) return `${MAKER} does not exist yet`;
  const stamp = createHash("sha256").update(readFileSync(MAKER)).digest("hex");
  if (existsSync(STAMP) && readFileSync(STAMP, "utf8") === stamp) return null;
  log(`  building static fixtures in ${STATIC_ROOT}`);
  const { makeStaticFixtures } = await import(pathToFileURL(MAKER).href);
  makeStaticFixtures(STATIC_ROOT);
  writeFileSync(STAMP, stamp);
  return null;
}
