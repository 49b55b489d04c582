// Properties this service adds to req and res.locals. The global `Express` namespace is the
// one @types/express uses too, so the same augmentation works with either framework.
import type { User } from "./users.js";

declare global {
  namespace Express {
    interface Request {
      /** Set by `authenticate` (src/auth.ts). */
      user?: User;
      /** Set by `requestId` (src/app.ts). */
      id: string;
    }
    interface Locals {
      startedAt: number;
    }
  }
}

export {};
