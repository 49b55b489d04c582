// HTTP errors shaped like the `http-errors` objects Express middleware produces.
import { statuses } from "./deps.js";

export function httpError(status, message = statuses.message[status], props) {
  const err = new Error(message);
  err.status = err.statusCode = status;
  err.expose = status < 500;
  return props ? Object.assign(err, props) : err;
}
