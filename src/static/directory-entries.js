// Reads a directory for a listing: name, kind, size and mtime of each entry.
// A listing needs a stat per entry (size, date), and stats are the cost: a few
// µs each of syscall and Node overhead (a Stats object with four Dates).
// Thread-pool stats don't help: issuing and completing one costs the main
// thread as much as doing it. So the main thread stats entries itself, a
// slice at a time, yielding between slices so other requests get in; and for
// a big directory a helper thread (stat-helper.js) works from the other end,
// a chunk at a time, until they meet: both cores busy, neither waiting for the
// other. Names come from a plain readdir (no Dirent objects) and each entry is
// lstat'ed: that tells symlinks apart, and only those need a second call.
import { promises as fsp, lstatSync, realpathSync, statSync } from "node:fs";
import { isInside } from "./file-cache.js";
import { statHelper } from "./stat-helper.js";

const SLICE = 256; // stats between yields, so a big listing never holds the event loop long
const HELPED = 1024; // entries from which sharing with the helper pays
const CHUNK = 512; // names per message to the helper
const NO_THROW = { throwIfNoEntry: false };

// -> [{ name, isDirectory, size, mtimeMs }], in directory order. Dot entries
// are left out unless `showDotfiles`; with `realRoot`, so are symlinks leading
// outside it. Entries that vanish or can't be stat'ed are not listed.
export async function readDirectoryEntries(dir, { showDotfiles, realRoot }) {
  const names = await fsp.readdir(dir);
  const wanted = showDotfiles ? names : names.filter((name) => name.charCodeAt(0) !== 46 /* . */);
  // Names from readdir hold no "/": plain concatenation, no path.join.
  const prefix = dir.endsWith("/") ? dir : dir + "/";
  const entries = [];
  // Names [todo.next, todo.end) are still to do: the main thread takes them
  // from the front, the helper from the end.
  const todo = { next: 0, end: wanted.length };
  const helper = wanted.length >= HELPED ? statHelper() : null;
  // Two chunks in flight, so the helper has the next one while its last
  // answer waits for the main thread's slice to end.
  const help = () => helpFromTheEnd(helper, prefix, wanted, todo, entries, realRoot);
  const helped = helper === null ? null : Promise.all([help(), help()]);
  await statFromTheFront(prefix, wanted, todo, entries, realRoot);
  await helped;
  return entries;
}

function statFromTheFront(prefix, names, todo, entries, realRoot) {
  return new Promise((resolve) => {
    const slice = () => {
      const end = Math.min(todo.next + SLICE, todo.end);
      for (; todo.next < end; todo.next++)
        pushEntry(entries, names[todo.next], statInside(prefix + names[todo.next], realRoot));
      if (todo.next < todo.end) setImmediate(slice);
      else resolve();
    };
    slice();
  });
}

async function helpFromTheEnd(helper, prefix, names, todo, entries, realRoot) {
  while (todo.end - todo.next >= CHUNK) {
    const start = todo.end - CHUNK;
    todo.end = start;
    const chunk = names.slice(start, start + CHUNK);
    const values = await helper.lstat(prefix, chunk);
    for (let i = 0; i < chunk.length; i++) {
      // The helper died: this chunk is done here.
      if (values === null) pushEntry(entries, chunk[i], statInside(prefix + chunk[i], realRoot));
      else pushHelped(entries, chunk[i], values, i * 3, prefix, realRoot);
    }
    if (values === null) return;
  }
}

function pushHelped(entries, name, values, at, prefix, realRoot) {
  const kind = values[at];
  if (kind === 1 || kind === 2)
    entries.push({ name, isDirectory: kind === 2, size: values[at + 1], mtimeMs: values[at + 2] });
  else if (kind === 3) pushEntry(entries, name, statInside(prefix + name, realRoot)); // a symlink: resolved here
}

function pushEntry(entries, name, st) {
  if (st !== null) entries.push({ name, isDirectory: st.isDirectory(), size: st.size, mtimeMs: st.mtimeMs });
}

// The entry's stats, its link's target's for a symlink (with `realRoot`, only
// a target inside it), or null.
function statInside(path, realRoot) {
  try {
    const st = lstatSync(path, NO_THROW);
    if (st === undefined || !st.isSymbolicLink()) return st ?? null;
    if (realRoot === null) return statSync(path, NO_THROW) ?? null;
    const real = realpathSync.native(path);
    return isInside(real, realRoot) ? statSync(real) : null;
  } catch {
    return null;
  }
}
