// The helper thread of stat-helper.js: lstat's the names it is sent and answers
// with one Float64Array (kind, size, mtimeMs per name), moved, not copied.
import { parentPort } from "node:worker_threads";
import { lstatSync } from "node:fs";

const NO_THROW = { throwIfNoEntry: false };
// Kinds: 0 gone or unreadable, 1 not a directory, 2 directory, 3 symlink (the
// main thread resolves those itself: they may lead out of the root).
parentPort.on("message", ({ id, prefix, names }) => {
  const values = new Float64Array(names.length * 3);
  for (let i = 0; i < names.length; i++) {
    let st;
    try {
      st = lstatSync(prefix + names[i], NO_THROW);
    } catch {
      st = undefined;
    }
    if (st === undefined) continue;
    values[i * 3] = st.isSymbolicLink() ? 3 : st.isDirectory() ? 2 : 1;
    values[i * 3 + 1] = st.size;
    values[i * 3 + 2] = st.mtimeMs;
  }
  parentPort.postMessage({ id, values }, [values.buffer]);
});
