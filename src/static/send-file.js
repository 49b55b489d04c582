// sendFile(req, res, path, options, done): the file-sending core behind
// res.sendFile/res.download, with send's options and errors. The path is checked
// here (root, dotfiles, ".."), then served by serve-path.js, as serveStatic's are.
import { isAbsolute, resolve as resolvePath } from "node:path";
import { createHttpError } from "../errors.js";
import { failureError, headersSentError } from "./errors.js";
import { normalizeSendOptions } from "./options.js";
import { FileCache } from "./file-cache.js";
import {
  normalizeRelative,
  hasDotSegment,
  endsInDotfile,
  rootPrefix,
  isRefused,
  MALFORMED_PATH,
  FORBIDDEN_PATH,
} from "./safe-path.js";
import { sendErrorPage } from "./respond.js";
import { SEND_HEADER_RULES, servePath } from "./serve-path.js";

// res.sendFile re-stats on every call (apps often write a file, then send it),
// but an unchanged file is still served from memory.
const sharedCache = new FileCache({ revalidateAfter: 0 });
const UP_SEGMENT = /(?:^|[\\/])\.\.(?:[\\/]|$)/;

/**
 * A sendFile for a variant of send (the Express 4 mode's, send 0.19's): `typeOf(path)`, a
 * file's Content-Type, `dotfiles(options)`, the dotfiles rule for a call's options
 * (undefined: the option's; "ignore-last": only a path ending in a dotfile is ignored), and
 * `headerRules` (default: send 1.x's, SEND_HEADER_RULES).
 */
export function createSendFile(variant) {
  const sender = {
    cache: variant.typeOf === undefined ? sharedCache : new FileCache({ revalidateAfter: 0, typeOf: variant.typeOf }),
    dotfilesOf: variant.dotfiles ?? null,
    headerRules: variant.headerRules ?? SEND_HEADER_RULES,
  };
  return (req, res, filePath, options, done) => sendWith(sender, req, res, filePath, options, done);
}

const defaultSender = { cache: sharedCache, dotfilesOf: null, headerRules: SEND_HEADER_RULES };

/**
 * Sends the file at `filePath` (absolute, or relative to options.root).
 * `done(err)` receives every error instead of it being answered (404 missing,
 * 403 dotfile/forbidden, 400 malformed, 412, 416 with err.headers, EISDIR for a
 * directory, ECONNABORTED when the client went away), and `done()` once the
 * response has finished. Without `done`, errors are answered with a small page.
 */
export function sendFile(req, res, filePath, options, done) {
  sendWith(defaultSender, req, res, filePath, options, done);
}

function sendWith({ cache, dotfilesOf, headerRules }, req, res, filePath, options, done) {
  if (typeof options === "function") {
    done = options;
    options = undefined;
  }
  if (typeof filePath !== "string" || filePath === "") throw new TypeError("path must be a non-empty string");
  const config = normalizeSendOptions(options);
  if (config.root === null && !isAbsolute(filePath))
    throw new TypeError("path must be absolute or specify root to sendFile");

  const fileServer = {
    config,
    cache,
    realRoot: config.root === null || config.followSymlinks ? null : undefined,
    fail: (req, res, next, reason) => finish(failureError(reason)),
    // With the slash and index files to try: the last one's miss. Else send
    // found the directory itself: Express's own error (no status; its
    // res.sendFile then calls next()).
    directory: (req, res, next, entry, indexed, miss) =>
      finish(
        indexed && config.index.length > 0
          ? failureError(miss)
          : Object.assign(new Error("EISDIR, read"), { code: "EISDIR" }),
      ),
    beforeHeaders: config.headers === null ? null : setExtraHeaders,
    headerRules,
  };
  let settled = false;
  const onClose = () => finish(res.writableFinished ? undefined : requestAborted());
  function finish(err) {
    if (settled) return;
    settled = true;
    res.off("close", onClose);
    if (done) done(err);
    else if (err && !res.headersSent && err.code !== "ECONNABORTED")
      sendErrorPage(res, err.code === "EISDIR" ? createHttpError(404) : err);
  }
  // Too late for a file: the client is gone or the response already started (or
  // ended). Its "close" may be past, so no event would settle this: answer now,
  // asynchronously, with what send/Express report (ECONNABORTED, else the 500).
  const socketGone = res.socket != null && !res.socket.writable;
  if (socketGone || res.headersSent) {
    setImmediate(finish, socketGone ? requestAborted() : headersSentError());
    return;
  }
  res.on("close", onClose);

  // Dotfiles are judged on the part of the path below the root, if any.
  const checked = config.root === null ? absoluteTarget(filePath) : normalizeRelative(filePath);
  if (isRefused(checked)) return finish(failureError(checked.status));
  const dotfiles = (dotfilesOf !== null && dotfilesOf(options)) || config.dotfiles;
  if (dotfiles !== "allow" && hasDotSegment(checked) && (dotfiles !== "ignore-last" || endsInDotfile(checked)))
    return finish(failureError(dotfiles === "deny" ? 403 : 404));
  servePath(req, res, null, config.root === null ? checked : underRoot(config.root, checked, filePath), fileServer);
}

// A name that reduces to the root itself ("", ".", "a/..") names the root directory
// without a trailing slash, as in send: EISDIR, not the root's index page ("/" asks for that).
function underRoot(root, checked, filePath) {
  if (checked === "/" && !filePath.endsWith("/")) return rootPrefix(root) || "/";
  return rootPrefix(root) + checked;
}

function requestAborted() {
  return Object.assign(new Error("Request aborted"), { code: "ECONNABORTED" });
}

function setExtraHeaders(res, entry, config) {
  for (const [name, value] of config.headers) res.setHeader(name, value);
}

// Without a root, any ".." is refused, as in `send`: the absolute path, or a refusal.
function absoluteTarget(filePath) {
  if (filePath.includes("\0")) return MALFORMED_PATH;
  if (UP_SEGMENT.test(filePath)) return FORBIDDEN_PATH;
  const path = resolvePath(filePath);
  return filePath.endsWith("/") && path !== "/" ? path + "/" : path;
}
