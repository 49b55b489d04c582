// Reads a directory for a listing: name, kind, size and mtime of each entry,
// directories first, then by name. Stats run with bounded concurrency, so a
// 10,000-file directory neither floods the thread pool nor blocks the loop.
import { promises as fsp, realpath, stat } from "node:fs";
import { join } from "node:path";
import { isInside } from "./file-cache.js";

const CONCURRENCY = 64;

// -> [{ name, isDirectory, size, mtimeMs }]. Dot entries are left out unless
// `showDotfiles`; with `realRoot`, so are symlinks that lead outside it.
export async function readDirectoryEntries(dir, { showDotfiles, realRoot }) {
  const dirents = await fsp.readdir(dir, { withFileTypes: true });
  const wanted = showDotfiles ? dirents : dirents.filter((dirent) => dirent.name.charCodeAt(0) !== 46 /* . */);
  const entries = await statEach(dir, wanted, realRoot);
  return entries.sort(byKindThenName);
}

function statEach(dir, dirents, realRoot) {
  const results = new Array(dirents.length);
  if (dirents.length === 0) return Promise.resolve(results);
  return new Promise((resolve) => {
    let started = 0;
    let finished = 0;
    const launch = () => {
      const i = started++;
      const dirent = dirents[i];
      const path = join(dir, dirent.name);
      const onStat = (err, st) => {
        // Vanished or unreadable entries (and broken links) are simply not listed.
        results[i] = err ? null : { name: dirent.name, isDirectory: st.isDirectory(), size: st.size, mtimeMs: st.mtimeMs };
        if (++finished === dirents.length) resolve(results.filter(Boolean));
        else if (started < dirents.length) launch();
      };
      if (realRoot !== null && dirent.isSymbolicLink()) {
        realpath.native(path, (err, real) => {
          if (err || !isInside(real, realRoot)) onStat(err ?? new Error("outside root"));
          else stat(real, onStat);
        });
      } else stat(path, onStat);
    };
    for (let i = 0; i < Math.min(CONCURRENCY, dirents.length); i++) launch();
  });
}

function byKindThenName(a, b) {
  if (a.isDirectory !== b.isDirectory) return a.isDirectory ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
