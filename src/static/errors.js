// The errors serveStatic and sendFile hand to next(err) / callbacks, shaped as
// send makes them with http-errors, so error handlers written for
// express.static see the same err.name, status, statusCode, expose and message:
// - statusError(404): a NotFoundError ("Not Found"), status, statusCode and
//   expose on its class's prototype, as http-errors' classes have them;
// - a file-system failure: the fs error itself ("ENOENT: no such file or
//   directory, stat '/abs/path'", code, errno, syscall, path) with status,
//   statusCode and expose: false, as createError(404, err, { expose: false }).
// (src/errors.js's httpError makes plain Errors with own status fields.)
import { getSystemErrorMap } from "node:util";
import { statuses } from "../deps.js";

class HttpError extends Error {}

const classes = new Map(); // status -> class, made on first use

function classFor(status) {
  let Class = classes.get(status);
  if (Class === undefined) {
    // http-errors' naming: "Range Not Satisfiable" -> RangeNotSatisfiableError
    const words = (statuses.message[status] ?? String(status)).replace(/[^ _0-9a-z]/gi, "").split(" ").join("");
    const name = words.endsWith("Error") ? words : `${words}Error`;
    Class = { [name]: class extends HttpError {} }[name];
    Class.prototype.status = Class.prototype.statusCode = status;
    Class.prototype.expose = status < 500;
    classes.set(status, Class);
  }
  return Class;
}

export function statusError(status, props) {
  const Class = classFor(status);
  const err = new Class(statuses.message[status] ?? String(status));
  // Own, like http-errors': message enumerable, name not.
  Object.defineProperty(err, "message", { value: err.message, enumerable: true, configurable: true, writable: true });
  Object.defineProperty(err, "name", { value: Class.name, enumerable: false, configurable: true, writable: true });
  return props ? Object.assign(err, props) : err;
}

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
