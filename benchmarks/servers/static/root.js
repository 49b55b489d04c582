// The directory every static benchmark server serves: $STATIC_ROOT, built by
// benchmarks/fixtures/make-static.js.
import { statSync } from "node:fs";

export const root = process.env.STATIC_ROOT;
if (!root || !statSync(root, { throwIfNoEntry: false })?.isDirectory()) {
  console.error("STATIC_ROOT must name a directory (see benchmarks/fixtures/make-static.js)");
  process.exit(1);
}
