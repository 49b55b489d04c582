import type { NextFunction, Request, Response } from "express";

let counter = 0;

/** Functional middleware registered with app.use(): runs for every request, matched or not. */
export function requestId(req: Request & { requestId?: string }, res: Response, next: NextFunction) {
  const id = req.get("x-request-id") ?? `req-${++counter}`;
  req.requestId = id;
  res.set("X-Request-Id", id);
  next();
}
