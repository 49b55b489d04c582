// The errors the static module reports, as send makes them: a status becomes its
// http-errors class (NotFoundError...) through src/errors.js createHttpError, and a
// file-system failure is the fs error itself ("ENOENT: no such file or directory,
// stat '/abs/path'", code, errno, syscall, path) with status, statusCode and
// expose: false, as createError(404, err, { expose: false }) leaves it.
import { getSystemErrorMap } from "node:util";
import { createHttpError } from "../errors.js";

// An fs error becomes the HTTP error, as send passes it to createError.
function withStatus(err, status) {
  err.expose = false;
  err.status = err.statusCode = status;
  return err;
}

let systemErrors = null; // errno -> [code, description]
let errnoByCode = null;

/**
 * The error a failed fs call gave, made anew from what a cache entry kept of it
 * ({ code, errno, syscall, path }): same message and fields as Node's.
 */
export function fsError({ code, errno, syscall, path }, status) {
  systemErrors ??= getSystemErrorMap();
  if (errno === undefined) {
    errnoByCode ??= new Map([...systemErrors].map(([number, [name]]) => [name, number]));
    errno = errnoByCode.get(code);
  }
  const description = systemErrors.get(errno)?.[1] ?? "unknown error";
  const err = new Error(`${code}: ${description}, ${syscall} '${path}'`);
  // Node's asynchronous fs errors come from libuv's callback with no stack frames; so does
  // this one, or development error pages would show lib-server's frames where Express shows none
  err.stack = `Error: ${err.message}`;
  Object.assign(err, { errno, code, syscall, path });
  return withStatus(err, status);
}

const NOT_FOUND_CODES = new Set(["ENOENT", "ENOTDIR", "ENAMETOOLONG"]);

/**
 * A failure is an HTTP status, a miss from the file system (a cache entry or
 * { code, errno, syscall, path }), or an Error (an HTTP one, or an fs one).
 * It only becomes an Error when someone will see it: falling through to the
 * next middleware on a 404 shouldn't pay for a stack trace. Statuses as send's:
 * 404 for ENOENT, ENOTDIR and ENAMETOOLONG, else 500.
 */
export function failureStatus(reason) {
  if (typeof reason === "number") return reason;
  return reason.status ?? (NOT_FOUND_CODES.has(reason.code) ? 404 : 500);
}

export function failureError(reason) {
  if (typeof reason === "number") return createHttpError(reason);
  if (!(reason instanceof Error)) return fsError(reason, failureStatus(reason));
  return reason.status === undefined ? withStatus(reason, failureStatus(reason)) : reason;
}

// What send reports when the response had already started: a plain Error, not an HTTP one.
export function headersSentError() {
  return withStatus(new Error("Can't set headers after they are sent."), 500);
}
