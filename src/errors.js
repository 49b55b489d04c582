// HTTP errors shaped like the `http-errors` objects Express middleware produces.
import { statuses } from "./deps.js";

// http-errors' classes, one per 4xx/5xx status, named after its message (404 →
// NotFoundError, 413 → PayloadTooLargeError) and made on first use. As there,
// status/statusCode/expose live on the class's prototype, `message` is own and
// enumerable and `name` own and hidden, so errors print and serialize alike.
class HttpError extends Error {}

const errorClasses = new Map();

function errorClassFor(status) {
  let ErrorClass = errorClasses.get(status);
  if (ErrorClass === undefined) {
    ErrorClass = makeErrorClass(status);
    errorClasses.set(status, ErrorClass);
  }
  return ErrorClass;
}

function makeErrorClass(status) {
  const message = statuses.message[status];
  // a code statuses doesn't know shares its class's (499 → BadRequestError)
  if (message === undefined) return status >= 400 && status < 600 ? errorClassFor(status - (status % 100)) : null;
  if (status < 400 || status >= 600) return null;
  const identifier = message
    .split(" ")
    .map((word) => word.slice(0, 1).toUpperCase() + word.slice(1))
    .join("")
    .replace(/[^ _0-9a-z]/gi, "");
  const name = identifier.endsWith("Error") ? identifier : `${identifier}Error`;
  const ErrorClass = {
    [name]: class extends HttpError {
      constructor(text) {
        super(text ?? message);
        Object.defineProperty(this, "message", {
          value: this.message,
          enumerable: true,
          configurable: true,
          writable: true,
        });
        Object.defineProperty(this, "name", { value: name, enumerable: false, configurable: true, writable: true });
      }
    },
  }[name];
  Object.assign(ErrorClass.prototype, { status, statusCode: status, expose: status < 500 });
  return ErrorClass;
}

/** http-errors' createError(status, message, props): a named error of that status. */
export function createHttpError(status, message, props) {
  status = validStatus(status);
  const ErrorClass = errorClassFor(status);
  const err = ErrorClass ? new ErrorClass(message) : new Error(message ?? statuses.message[status]);
  Error.captureStackTrace(err, createHttpError); // after `name` is set: the stack's first line shows it
  if (err.status !== status) {
    err.expose = status < 500;
    err.status = err.statusCode = status;
  }
  return withProps(err, props);
}

/**
 * http-errors' createError(status, err, props) for an existing error (zlib, JSON.parse, a
 * throwing `verify`): a status it already carries wins; an error that is not an
 * http-errors one of that status gets own status/statusCode/expose.
 */
export function asHttpError(err, status, props) {
  status = validStatus(err.status || err.statusCode || status);
  if (!isHttpErrorOf(err, status)) {
    err.expose = status < 500;
    err.status = err.statusCode = status;
  }
  return withProps(err, props);
}

// An instance of a status's http-errors class, ours or the http-errors package's: it
// inherits that status instead of owning it.
function isHttpErrorOf(err, status) {
  return err.status === status && typeof err.expose === "boolean" && !Object.hasOwn(err, "status");
}

// As http-errors: a code statuses does not know, outside 4xx/5xx, becomes 500.
const validStatus = (status) =>
  typeof status === "number" && (statuses.message[status] || (status >= 400 && status < 600)) ? status : 500;

function withProps(err, props) {
  if (props !== undefined) {
    for (const key in props) {
      if (key !== "status" && key !== "statusCode") err[key] = props[key];
    }
  }
  return err;
}

/**
 * The one HTML page every error (and redirect) answer uses: finalhandler's and send's
 * document, byte for byte. `body` is HTML, already escaped.
 */
export function htmlPage(title, body) {
  return `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${title}</title>\n</head>\n<body>\n<pre>${body}</pre>\n</body>\n</html>\n`;
}
