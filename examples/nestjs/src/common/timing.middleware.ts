import { Injectable, NestMiddleware } from "@nestjs/common";
import type { NextFunction, Request, Response } from "express";

/** Class middleware applied with consumer.apply(...).forRoutes(CatsController). */
@Injectable()
export class TimingMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction) {
    const start = process.hrtime.bigint();
    res.setHeader("X-Cats-Middleware", "1");
    const writeHead = res.writeHead;
    // Set before the headers go out; a finish listener would be too late.
    res.writeHead = function (this: Response, ...args: unknown[]) {
      this.setHeader("Server-Timing", `app;dur=${Number(process.hrtime.bigint() - start) / 1e6}`);
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as typeof res.writeHead;
    next();
  }
}

/** Functional middleware applied to one route only: { path: "whoami", method: GET }. */
export function legacyHeader(req: Request, res: Response, next: NextFunction) {
  res.setHeader("X-Legacy", "true");
  next();
}
