// File-system failures as send reports them: the fs error itself ("ENOENT: no
// such file or directory, stat '/abs/path'", code, errno, syscall, path) with
// status, statusCode and expose: false, as createError(404, err, { expose:
// false }) leaves it. (Status-only errors, e.g. NotFoundError, come from
// src/errors.js createHttpError.)
import { getSystemErrorMap } from "node:util";

// An fs error becomes the HTTP error, as send passes it to createError.
export function withStatus(err, status) {
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
  Object.assign(err, { errno, code, syscall, path });
  return withStatus(err, status);
}
