import { statuses } from "../deps.js";
import { createHttpError } from "../errors.js";

// The errors body-parser passes to next(), made as it makes them with
// http-errors: error handlers read name, status, statusCode, expose and type.

/** A new named error (413 → PayloadTooLargeError) with extra properties (e.g. `type`). */
export { createHttpError };

/**
 * createError(status, err, props) for an existing error (zlib, JSON.parse, a
 * throwing `verify`): a status it already carries wins; an error that is not
 * an http-errors one of that status gets own status/statusCode/expose.
 */
export function asHttpError(err, status, props) {
  status = err.status || err.statusCode || status;
  if (typeof status !== "number" || (!statuses.message[status] && (status < 400 || status >= 600))) {
    status = 500;
  }
  if (!isHttpErrorOf(err, status)) {
    err.expose = status < 500;
    err.status = err.statusCode = status;
  }
  if (props !== undefined) {
    for (const key in props) {
      if (key !== "status" && key !== "statusCode") err[key] = props[key];
    }
  }
  return err;
}

// An instance of a status's http-errors class, ours or the http-errors
// package's: it inherits that status instead of owning it.
function isHttpErrorOf(err, status) {
  return err.status === status && typeof err.expose === "boolean" && !Object.hasOwn(err, "status");
}
