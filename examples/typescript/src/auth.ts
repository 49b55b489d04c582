// A toy bearer-token check that sets req.user (see src/global.d.ts).
import type { Request, Response, NextFunction } from "lib-server";
import { HttpError } from "./errors.js";
import { findUserByToken } from "./users.js";

export function authenticate(req: Request, res: Response, next: NextFunction): void {
  const header = req.get("authorization") ?? "";
  const user = header.startsWith("Bearer ") ? findUserByToken(header.slice(7)) : undefined;
  if (!user) return next(new HttpError(401, "a valid bearer token is required"));
  req.user = user;
  next();
}

export function requireRole(role: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    next(req.user?.roles.includes(role) ? undefined : new HttpError(403, `role "${role}" required`));
  };
}
