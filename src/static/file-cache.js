// What the disk said about a path, kept in memory: stat-derived validators and,
// for small files, the bytes. Bounded in entries and bytes (lru.js; every entry,
// a miss too, counts its key and bookkeeping against the bytes; misses have a
// smaller budget of their own), and trusted
// for `revalidateAfter` ms before the next request re-stats the path; an
// unchanged stat (size, mtime, inode) keeps the cached bytes ("revalidated by
// mtime"), so revalidateAfter = 0 costs one stat per request and no reads.
import { promises as fsp, constants as fsConstants } from "node:fs";
import { extname, sep } from "node:path";
import { mimeTypes } from "../deps.js";
import { fsError } from "./errors.js";
import { ByteLru } from "./lru.js";

export const MISSING = 0;
export const FILE = 1;
export const DIRECTORY = 2;

const DEFAULTS = { maxEntries: 10_000, maxBytes: 32 * 1024 * 1024, maxFileSize: 1024 * 1024, revalidateAfter: 1000 };
// Misses have a budget of their own: a flood of requests for distinct missing paths can
// neither push the cached files out nor hold more than this.
const MAX_MISS_BYTES = 2 * 1024 * 1024;
// Rough heap cost of an entry besides its strings: the Entry, its fs.Stats and
// the Map slot. Its key (the path) and real path count too, 2 bytes a character, so
// 20,000 misses for distinct 8 KB paths can't hold more than the budget.
const ENTRY_OVERHEAD = 400;

// send's: mime-types' type for the extension, with its charset.
const contentTypeOf = (path) => mimeTypes().contentType(extname(path)) || "application/octet-stream";

// What a failed lookup keeps of the error (see errors.js fsError): a cached miss
// costs no Error object, and one is only made if someone will see it.
const AS_MISSING = { code: "ENOENT", errno: undefined, syscall: "stat" };

class Entry {
  constructor(path, target, stat, failure, now, typeOf) {
    this.path = path; // as requested: decides the Content-Type
    this.target = target; // realpath when symlinks were checked, else null
    this.stat = stat;
    this.kind = stat === null ? MISSING : stat.isFile() ? FILE : stat.isDirectory() ? DIRECTORY : MISSING;
    // When missing: the errno code, errno and syscall; sockets, FIFOs and
    // devices count as absent.
    if (stat !== null && this.kind === MISSING) failure = AS_MISSING;
    this.code = failure?.code;
    this.errno = failure?.errno;
    this.syscall = failure?.syscall;
    this.checkedAt = now;
    this.buffer = null;
    this.encoded = null; // { br, gzip } compressed on the fly, see compress.js
    this.loading = null;
    this.strong = null; // strong ETag, made when first asked for
    if (this.kind !== FILE) return;
    // Weak, exactly as the `etag` package (send, Express) computes it for fs.Stats:
    // the bytes are only known to be "the same file", and an encoder in front
    // (compression()) may change them without touching the tag.
    // Both from stat.mtime, which Node rounds to the millisecond: new Date(stat.mtimeMs)
    // truncates, a second early for a file modified in a second's last half millisecond.
    const mtime = stat.mtime;
    this.etag = `W/"${stat.size.toString(16)}-${mtime.getTime().toString(16)}"`;
    this.lastModified = mtime.toUTCString();
    this.type = typeOf(path);
  }

  // Option etag: "strong": the representation only changes if size or mtime (µs) does.
  get strongEtag() {
    return (this.strong ??= `"${this.stat.size.toString(16)}-${Math.round(this.stat.mtimeMs * 1000).toString(16)}"`);
  }

  sameAs(stat, code) {
    const old = this.stat;
    if (old === null || stat === null) return old === stat && this.code === code;
    return old.size === stat.size && old.mtimeMs === stat.mtimeMs && old.ino === stat.ino && old.mode === stat.mode;
  }
}

export class FileCache {
  constructor(options = {}) {
    const maxBytes = options.maxBytes ?? DEFAULTS.maxBytes;
    this.maxFileSize = Math.min(options.maxFileSize ?? DEFAULTS.maxFileSize, maxBytes);
    this.revalidateAfter = options.revalidateAfter ?? DEFAULTS.revalidateAfter;
    this.typeOf = options.typeOf ?? contentTypeOf; // a file's Content-Type, from its path
    const maxEntries = options.maxEntries ?? DEFAULTS.maxEntries;
    this.entries = new ByteLru({ maxBytes, maxEntries }); // path -> Entry, for what exists
    this.misses = new ByteLru({ maxBytes: Math.min(maxBytes, MAX_MISS_BYTES), maxEntries }); // path -> missing Entry
  }

  // What the entries hold, in bytes.
  get bytes() {
    return this.entries.bytes + this.misses.bytes;
  }

  // The entry if it is still trusted, else undefined (the caller then awaits lookup).
  peek(path) {
    const entry = this.#get(path);
    if (entry === undefined || Date.now() - entry.checkedAt >= this.revalidateAfter) return undefined;
    (entry.kind === MISSING ? this.misses : this.entries).touch(path);
    return entry;
  }

  // Asks the disk. With `realRoot`, the path's real location must be inside it
  // (a symlink leading out of the root counts as missing). stat comes first, so
  // a miss fails as in send: "ENOENT: ..., stat '/abs/path'".
  async lookup(path, realRoot) {
    let target = null;
    let stat;
    let failure = null;
    try {
      stat = await fsp.stat(path);
      if (realRoot !== null) {
        target = await fsp.realpath(path);
        if (!isInside(target, realRoot)) {
          target = stat = null;
          failure = AS_MISSING;
        }
      }
    } catch (err) {
      stat = null;
      failure = err;
    }
    const now = Date.now();
    const old = this.#get(path);
    if (old !== undefined && old.target === target && old.sameAs(stat, failure?.code)) {
      old.checkedAt = now;
      return old;
    }
    return this.#store(new Entry(path, target, stat, failure, now, this.typeOf));
  }

  // Small files are served from memory: read them once. Returns the entry to
  // serve, a newer one if the file changed since it was stat'ed.
  content(entry) {
    if (entry.buffer !== null || entry.stat.size > this.maxFileSize) return entry;
    entry.loading ??= this.#read(entry).finally(() => {
      entry.loading = null;
    });
    return entry.loading;
  }

  // Re-check on next use, e.g. after a read failed.
  forget(entry) {
    if (this.entries.get(entry.path) === entry) this.entries.delete(entry.path);
  }

  // Adds bytes derived from an entry (e.g. a compressed copy), if it is still cached.
  account(entry, bytes) {
    return this.entries.get(entry.path) === entry && this.entries.charge(entry.path, bytes);
  }

  fits(bytes) {
    return bytes <= this.maxFileSize;
  }

  async #read(entry) {
    let file, stat, buffer;
    try {
      ({ file, stat } = await openEntry(entry));
    } catch (err) {
      this.forget(entry);
      throw err;
    }
    try {
      buffer = Buffer.allocUnsafe(stat.size);
      let filled = 0;
      while (filled < stat.size) {
        const { bytesRead } = await file.read(buffer, filled, stat.size - filled, filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      // Truncated while reading: don't cache half a file, let the stream path cope.
      if (filled !== stat.size) return entry;
    } finally {
      await file.close();
    }
    const current = entry.sameAs(stat)
      ? entry
      : this.#store(new Entry(entry.path, entry.target, stat, null, Date.now(), this.typeOf));
    current.buffer = buffer;
    this.account(current, buffer.length);
    return current;
  }

  #get(path) {
    return this.entries.get(path) ?? this.misses.get(path);
  }

  #store(entry) {
    const cost = ENTRY_OVERHEAD + 2 * (entry.target?.length ?? 0);
    if (entry.kind !== MISSING) {
      this.misses.delete(entry.path);
      this.entries.set(entry.path, entry, cost);
      return entry;
    }
    this.entries.delete(entry.path);
    // A cache that trusts nothing (revalidateAfter 0: res.sendFile's) keeps entries only
    // for their content; a miss would be held for nothing.
    if (this.revalidateAfter === 0) this.misses.delete(entry.path);
    else this.misses.set(entry.path, entry, cost);
    return entry;
  }
}

const NOFOLLOW = fsConstants.O_NOFOLLOW ?? 0; // not on Windows

/**
 * Opens the file `entry` describes -> { file: FileHandle, stat }. A checked
 * entry (target: its real path, inside the root at lookup) must still be that
 * file: its last component may not have become a symlink (O_NOFOLLOW), and the
 * file opened must be the one stat'ed (device and inode), or a component
 * swapped for a symlink since the lookup could lead out of the root. Such a
 * file counts as gone (ENOENT); unchecked entries (followSymlinks, sendFile
 * without root) follow whatever is there now, as send does.
 */
export async function openEntry(entry) {
  const checked = entry.target !== null;
  let file;
  try {
    file = await fsp.open(entry.target ?? entry.path, checked ? fsConstants.O_RDONLY | NOFOLLOW : fsConstants.O_RDONLY);
  } catch (err) {
    if (checked && err.code === "ELOOP") throw replaced(entry);
    throw err;
  }
  const stat = await file.stat().catch(async (err) => {
    await file.close();
    throw err;
  });
  if (checked && (stat.ino !== entry.stat.ino || stat.dev !== entry.stat.dev)) {
    await file.close();
    throw replaced(entry);
  }
  return { file, stat };
}

function replaced(entry) {
  return fsError({ code: "ENOENT", syscall: "open", path: entry.path }, 404);
}

export function isInside(path, root) {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

// Real path of each root, so containment checks compare real paths on both
// sides (or the fs error realpath gave). Failures aren't kept: a root created later gets found.
const realRoots = new Map();

export async function realRootOf(root) {
  let real = realRoots.get(root);
  if (real === undefined) {
    real = await fsp.realpath(root).catch((err) => err);
    if (typeof real !== "string") return real; // the fs error: ENOENT, ENAMETOOLONG...
    if (realRoots.size >= 100) realRoots.clear();
    realRoots.set(root, real);
  }
  return real;
}
