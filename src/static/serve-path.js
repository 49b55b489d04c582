// Serving one path, the core shared by serveStatic (index.js) and sendFile
// (send-file.js): resolve it (index files, extensions, symlink containment), then
// answer with validators, conditional requests, ranges, precompressed siblings, and
// the body from memory or a stream. Semantics follow the `send` package.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { extname } from "node:path";
import { createHttpError } from "../errors.js";
import { headersSentError } from "./errors.js";
import { MISSING, FILE, DIRECTORY, realRootOf, openEntry } from "./file-cache.js";
import { preconditionFailed, rangeIsCurrent } from "./conditional.js";
import { singleRange } from "./ranges.js";
import { acceptsEncoding } from "./accept-encoding.js";
import { compressedCopy } from "./compress.js";
import { fresh, parseRange, vary } from "../deps.js";
import {
  hasLatin1Header,
  headerOf,
  setValidHeader,
  headerChangesObserved,
  removeHeaders,
} from "../node-internals/header-storage.js";
import * as headerTable from "../headers.js";

/**
 * How send reads the validators and ranges a request sends: send 1.x's (fresh 2, range-parser
 * 1.3); the Express 4 mode's send 0.19 has its own (src/express4/send.js). A file server's
 * `headerRules`.
 */
export const SEND_HEADER_RULES = { fresh, parseRange };

// Consts of this module, not imported bindings (headers.js says why).
const {
  ACCEPT_RANGES,
  CACHE_CONTROL,
  CONTENT_ENCODING,
  CONTENT_LANGUAGE,
  CONTENT_LENGTH,
  CONTENT_RANGE,
  CONTENT_TYPE,
  ETAG,
  LAST_MODIFIED,
} = headerTable;

// Bigger than the fs default (64 KiB): fewer reads and writes per large file.
const STREAM_CHUNK = 256 * 1024;

/**
 * Serves `path` (absolute; a trailing slash asks for the directory's index,
 * provided the URL itself ends in "/": as in send, "/dir%2f" names the directory
 * without its slash). `fileServer` carries the normalized options, the cache and the
 * caller's policy: fail(req, res, next, reason, fileFound),
 * directory(req, res, next, entry, indexed, indexFailure) (indexed: the index files
 * were tried, `indexFailure` the failure send reports for them) and
 * beforeHeaders(res, entry, config) (null when unused).
 */
export async function servePath(req, res, next, path, fileServer, urlSlash = true) {
  const indexed = urlSlash && path.endsWith("/");
  let found = false;
  try {
    if (fileServer.realRoot === undefined) {
      const real = await realRootOf(fileServer.config.root);
      // A root that does not resolve fails as send's stat of the file does (ENOENT, or
      // ENAMETOOLONG where realpath stops at the first missing directory).
      if (typeof real !== "string") {
        const failure = await stat(path).then(
          () => real,
          (err) => err,
        );
        return fileServer.fail(req, res, next, { code: failure.code ?? "ENOENT", syscall: "stat", path }, false);
      }
      fileServer.realRoot = real;
    }
    // A path the cache knows needs no await (each costs a promise and a microtask turn,
    // a sizeable share of a 304 or a 404): resolveEntry would return the same entry.
    const cached = indexed ? undefined : fileServer.cache.peek(path);
    const entry =
      cached !== undefined && (cached.kind !== MISSING || fileServer.config.extensions.length === 0)
        ? cached
        : await resolveEntry(path, indexed, fileServer);
    if (entry.kind === FILE) {
      found = true;
      const sending = sendEntry(req, res, next, entry, fileServer);
      if (sending !== undefined) await sending;
      return;
    }
    if (entry.kind === DIRECTORY) return fileServer.directory(req, res, next, entry, indexed, 404);
    if (entry instanceof IndexMiss)
      return fileServer.directory(req, res, next, entry.directory, indexed, entry.failure);
    fileServer.fail(req, res, next, entry, false);
  } catch (err) {
    fileServer.fail(req, res, next, err, found);
  }
}

async function entryFor(path, fileServer) {
  return fileServer.cache.peek(path) ?? (await fileServer.cache.lookup(path, fileServer.realRoot));
}

// The file to send, else the directory (index files exhausted: an IndexMiss),
// else a miss. Which miss is send's: the last path it tried, or a plain 404
// when the last candidate was a directory.
async function resolveEntry(path, indexed, fileServer) {
  const { config } = fileServer;
  if (indexed) {
    let lastFailure = 404;
    for (const name of config.index) {
      const index = await entryFor(path + name, fileServer);
      if (index.kind === FILE) return index;
      lastFailure = index.kind === DIRECTORY ? 404 : index;
    }
    // Looked up with its slash: a file there fails as ENOTDIR, as in send.
    const dir = await entryFor(path, fileServer);
    if (dir.kind === DIRECTORY) return new IndexMiss(dir, lastFailure);
    return config.index.length > 0 ? lastFailure : dir;
  }
  // (Still ending in "/" only after an encoded slash: a directory to redirect,
  // or a miss, as in send: no extensions tried.)
  const entry = await entryFor(path, fileServer);
  if (
    entry.kind === MISSING &&
    entry.code === "ENOENT" &&
    config.extensions.length > 0 &&
    extname(path) === "" &&
    !path.endsWith("/")
  ) {
    let lastFailure = entry;
    for (const ext of config.extensions) {
      const candidate = await entryFor(`${path}.${ext}`, fileServer);
      if (candidate.kind === FILE) return candidate;
      lastFailure = candidate.kind === DIRECTORY ? 404 : candidate;
    }
    return lastFailure;
  }
  return entry;
}

// A directory whose index files are all missing, and the failure send reports for them.
class IndexMiss {
  constructor(directory, failure) {
    this.directory = directory;
    this.failure = failure;
  }
}

// Answers with the file: synchronously when its body needs no reading and there are no
// precompressed siblings to look for (a cached file, every 304); otherwise returns the
// promise of doing that first.
function sendEntry(req, res, next, entry, fileServer) {
  if (res.headersSent) return fileServer.fail(req, res, next, headersSentError(), true);
  // Byte offsets (options start/end) are offsets into the file itself.
  const whole = fileServer.config.start === 0 && fileServer.config.end === undefined;
  const siblings = fileServer.config.precompressed !== null && whole;
  if (siblings) vary(res, "Accept-Encoding");
  if ((siblings && req.headers["accept-encoding"] !== undefined) || needsReading(req, entry, fileServer.cache)) {
    return findThenAnswer(req, res, next, entry, fileServer, siblings, whole);
  }
  answer(req, res, next, entry, entry, undefined, fileServer, whole);
}

const needsReading = (req, body, cache) => req.method !== "HEAD" && body.buffer === null && cache.fits(body.stat.size);

// The representation (the file itself or a precompressed sibling of it), read into the
// cache when it fits, then the answer.
async function findThenAnswer(req, res, next, entry, fileServer, siblings, whole) {
  let body = entry;
  let encoding;
  const accepted = req.headers["accept-encoding"];
  for (const { name, suffix } of siblings && accepted !== undefined ? fileServer.config.precompressed : []) {
    if (!acceptsEncoding(accepted, name)) continue;
    const sibling = await entryFor(entry.path + suffix, fileServer);
    if (sibling.kind === FILE) {
      body = sibling;
      encoding = name;
      break;
    }
  }
  if (needsReading(req, body, fileServer.cache)) {
    const loaded = await fileServer.cache.content(body);
    if (body === entry) entry = loaded;
    body = loaded;
  }
  answer(req, res, next, entry, body, encoding, fileServer, whole);
}

function answer(req, res, next, entry, body, encoding, fileServer, whole) {
  const { config, cache } = fileServer;
  const headers = req.headers;
  const isHead = req.method === "HEAD";
  let bytes = body.buffer;
  if (config.compress && encoding === undefined && bytes !== null && headers.range === undefined && whole) {
    const copy = compressedCopy(res, headers, body, cache);
    if (copy !== null) {
      bytes = copy.buffer;
      encoding = copy.encoding;
    }
  }
  let etag;
  if (config.etag !== false) {
    etag = config.etag === "strong" ? body.strongEtag : body.etag;
    // Each encoded representation gets a tag of its own, even where the
    // sibling file happens to share the original's size and mtime.
    if (encoding !== undefined) etag = `${etag.slice(0, -1)}-${encoding}"`;
  }

  if (fileServer.beforeHeaders !== null) fileServer.beforeHeaders(res, entry, config);
  // Every value here is ours and valid (a constant, the options' Cache-Control, an HTTP
  // date, our ETag, a mime-types Content-Type): stored without setHeader's checks unless
  // something wrapped setHeader/getHeader (node-internals/header-storage.js).
  if (config.acceptRanges && headerOf(res, ACCEPT_RANGES) === undefined) setValidHeader(res, ACCEPT_RANGES, "bytes");
  if (config.cacheControl !== null && headerOf(res, CACHE_CONTROL) === undefined) {
    setValidHeader(res, CACHE_CONTROL, config.cacheControl);
  }
  if (config.lastModified && headerOf(res, LAST_MODIFIED) === undefined) {
    setValidHeader(res, LAST_MODIFIED, body.lastModified);
  }
  if (etag !== undefined && headerOf(res, ETAG) === undefined) setValidHeader(res, ETAG, etag);
  let failed = false;
  let notModified = false;
  if (
    headers["if-none-match"] !== undefined ||
    headers["if-modified-since"] !== undefined ||
    headers["if-match"] !== undefined ||
    headers["if-unmodified-since"] !== undefined
  ) {
    const currentEtag = headerOf(res, ETAG);
    const lastModified = headerOf(res, LAST_MODIFIED);
    failed = preconditionFailed(headers, currentEtag, lastModified);
    const status = res.statusCode;
    // If-None-Match, else If-Modified-Since (never with a request Cache-Control: no-cache), as req.fresh.
    notModified =
      !failed &&
      ((status >= 200 && status < 300) || status === 304) &&
      fileServer.headerRules.fresh(headers, { etag: currentEtag, "last-modified": lastModified });
  }
  // Content-Type before the 412/416 checks, as send sets it: whoever answers those errors
  // keeps it. A 304 drops it again, as send does; setting it only to remove it shows only to
  // a wrapped setHeader/removeHeader, and the removal would make Node's header storage a
  // slow dictionary (~11% of a 304).
  if (headerOf(res, CONTENT_TYPE) === undefined && (!notModified || headerChangesObserved(res))) {
    setValidHeader(res, CONTENT_TYPE, entry.type);
  }
  if (failed) return fileServer.fail(req, res, next, 412, true);
  if (notModified) {
    removeHeaders(res, ENTITY_HEADERS);
    res.statusCode = 304;
    res.end();
    return;
  }
  // Set only now: a 304 has no body to describe.
  if (encoding !== undefined) res.setHeader("Content-Encoding", encoding);

  // The entity is the file's bytes from `offset` on, at most up to options.end
  // (inclusive), as in send; a Range applies within it.
  const offset = config.start;
  let size = Math.max(0, (bytes !== null ? bytes.length : body.stat.size) - offset);
  if (config.end !== undefined) size = Math.max(0, Math.min(size, config.end - offset + 1));
  let start = 0;
  let end = size - 1;
  if (headers.range !== undefined && config.acceptRanges && res.statusCode === 200) {
    const range = singleRange(size, headers.range, fileServer.headerRules.parseRange);
    if (range !== null && rangeIsCurrent(headers, res.getHeader("ETag"), res.getHeader("Last-Modified"))) {
      if (range === "unsatisfiable") {
        const contentRange = `bytes */${size}`;
        res.setHeader("Content-Range", contentRange);
        return fileServer.fail(
          req,
          res,
          next,
          createHttpError(416, undefined, { headers: { "Content-Range": contentRange } }),
          true,
        );
      }
      start = range.start;
      end = range.end;
      res.statusCode = 206;
      res.setHeader("Content-Range", `bytes ${start}-${end}/${size}`);
    }
  }

  const length = end - start + 1;
  res.setHeader("Content-Length", length);
  if (isHead || length === 0) res.end();
  else if (bytes !== null) {
    // Headers built before end(body) tells Node the length, as when Express streams the file:
    // Node would mangle the bytes 0x80-0xff of a Content-Disposition otherwise (hasLatin1Header).
    if (hasLatin1Header(res)) res.writeHead(res.statusCode);
    res.end(length === bytes.length ? bytes : bytes.subarray(offset + start, offset + end + 1));
  } else streamFile(req, res, next, body, offset + start, offset + end, fileServer);
}

// Headers describing a body that a 304 doesn't have.
const ENTITY_HEADERS = [CONTENT_ENCODING, CONTENT_LANGUAGE, CONTENT_LENGTH, CONTENT_RANGE, CONTENT_TYPE];

// A file deleted (or swapped, see openEntry) before it's opened answers 404
// (nothing was sent yet); one that shrinks mid-stream can't honour
// Content-Length, so the connection is cut rather than left waiting for bytes
// that will never come.
async function streamFile(req, res, next, entry, start, end, fileServer) {
  const onError = (err) => {
    fileServer.cache.forget(entry);
    if (res.headersSent) return res.destroy();
    // Whoever answers the error must not inherit this file's framing.
    for (const { name } of ENTITY_HEADERS) res.removeHeader(name);
    res.statusCode = 200;
    fileServer.fail(req, res, next, err, true);
  };
  let file;
  try {
    ({ file } = await openEntry(entry));
  } catch (err) {
    return onError(err);
  }
  if (res.destroyed) return file.close().catch(() => {}); // the client left while it opened
  const stream = createReadStream(entry.target ?? entry.path, { fd: file, start, end, highWaterMark: STREAM_CHUNK });
  stream.on("error", onError);
  stream.on("end", () => {
    if (stream.bytesRead < end - start + 1) {
      fileServer.cache.forget(entry);
      res.destroy();
    } else res.end();
  });
  res.once("close", () => stream.destroy());
  stream.pipe(res, { end: false });
}
