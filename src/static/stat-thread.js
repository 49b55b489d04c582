// The helper thread of stat-helper.js: lstat's the names it is sent and answers with one
// Float64Array (kind, size, mtimeMs per name), moved, not copied. stat-helper.js runs this
// function's own text as an eval'ed thread, so no file has to be found beside a bundle
// (esbuild, webpack) of lib-server: it may use nothing from outside itself, and takes Node's
// modules from process.getBuiltinModule, which no bundler rewrites.
export function statThread() {
  const { parentPort } = process.getBuiltinModule("node:worker_threads");
  const { lstatSync } = process.getBuiltinModule("node:fs");
  const NO_THROW = { throwIfNoEntry: false };
  // Kinds: 0 gone or unreadable, 1 not a directory, 2 directory, 3 symlink (the main
  // thread resolves those itself: they may lead out of the root).
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
}
