// Errors carrying an HTTP status: thrown (or rejected) in handlers, answered by errorHandler.
import type { ErrorRequestHandler, RequestHandler } from "lib-server";

export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export interface ErrorBody {
  error: string;
  requestId: string;
}

export const notFound: RequestHandler = (req, res) => {
  res.status(404).json({ error: `Cannot ${req.method} ${req.path}`, requestId: req.id } satisfies ErrorBody);
};

export const errorHandler: ErrorRequestHandler<{}, ErrorBody> = (err, req, res, next) => {
  if (res.headersSent) return next(err);
  const status = err instanceof HttpError ? err.status : Number(err?.status ?? err?.statusCode) || 500;
  res.status(status).json({ error: status < 500 ? String(err.message) : "internal error", requestId: req.id });
};
