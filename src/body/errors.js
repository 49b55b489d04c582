import { statuses } from "../deps.js";

// Errors shaped like the `http-errors` objects body-parser passes to next():
// error handlers read `status`, `statusCode`, `expose` and `type` from them.

/** A new Error with an HTTP status and extra properties (e.g. `type`). */
export function httpError(status, message, props) {
  return withStatus(new Error(message), status, props);
}

/**
 * Give an existing error (zlib, JSON.parse, a throwing `verify`) an HTTP
 * status, keeping the one it already carries as http-errors does.
 */
export function asHttpError(err, status, props) {
  return withStatus(err, err.status || err.statusCode || status, props);
}

function withStatus(err, status, props) {
  if (typeof status !== "number" || (!statuses.message[status] && (status < 400 || status >= 600))) {
    status = 500;
  }
  if (err.status !== status || typeof err.expose !== "boolean") {
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
