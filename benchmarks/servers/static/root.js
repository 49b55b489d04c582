// The directory a static benchmark server serves: $STATIC_ROOT, built by
// benchmarks/fixtures/make-static.js (the static scenario points it at the
// tree's files/, the listing scenario at the whole tree).
import { statSync } from "node:fs";

export const root = process.env.STATIC_ROOT;
if (!root || !statSync(root, { throwIfNoEntry: false })?.isDirectory()) {
  console.error("STATIC_ROOT must name a directory (see benchmarks/fixtures/make-static.js)");
  process.exit(1);
}
