// Augmenting req/res/app the ways Express users do, without @types/express in the program:
// the global `Express` namespace (as @types/passport, @types/multer and @types/express-session
// do) and lib-server's own module.
import Server, { type Request, type RequestHandler } from "lib-server";

interface User {
  id: string;
  roles: string[];
}

declare global {
  namespace Express {
    interface Request {
      user?: User;
    }
    interface Response {
      sendProblem(status: number, title: string): void;
    }
    interface Locals {
      requestId: string;
    }
    interface Application {
      startedAt: Date;
    }
  }
}

declare module "lib-server" {
  interface Request {
    tenant?: string;
  }
}

const app = Server();
app.startedAt = new Date();

const authenticate: RequestHandler = (req, res, next) => {
  req.user = { id: "u1", roles: ["admin"] };
  req.tenant = req.get("x-tenant");
  res.locals.requestId = req.get("x-request-id") ?? "none";
  next();
};
app.use(authenticate);

function isAdmin(req: Request): boolean {
  return req.user?.roles.includes("admin") ?? false;
}

app.get("/me", (req, res) => {
  if (!req.user) return res.sendProblem(401, "login required");
  const started: Date = req.app.startedAt;
  res.json({ id: req.user.id, admin: isAdmin(req), tenant: req.tenant, requestId: res.locals.requestId, started });
});

// @ts-expect-error User has no name
app.get("/name", (req) => req.user?.name);
// @ts-expect-error Locals.requestId is a string
app.use((req, res, next) => next((res.locals.requestId = 1)));
