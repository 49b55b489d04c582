// A typical TypeScript Express 5 service, written against @types/express and then switched
// to lib-server by changing only the import below. tsconfig.json compiles it against
// lib-server; tsconfig.express.json maps "lib-server" to @types/express and compiles the same
// file, which proves it is ordinary Express code (see test/types/README.md).
import express, {
  Request,
  Response,
  NextFunction,
  RequestHandler,
  ErrorRequestHandler,
  Router,
  Application,
} from "lib-server";
import cors from "cors";
import helmet from "helmet";
import morgan from "morgan";
import compression from "compression";
import cookieParser from "cookie-parser";
import session from "express-session";
import passport from "passport";
import multer from "multer";
import swaggerUi from "swagger-ui-express";
import { rateLimit } from "express-rate-limit";
import type * as ExpressTypes from "express";
import type { Server as HttpServer } from "node:http";
import { randomUUID } from "node:crypto";

// ---- domain -------------------------------------------------------------------------

interface UserRecord {
  id: string;
  name: string;
  email: string;
  roles: string[];
}

interface UserDto {
  id: string;
  name: string;
}

interface CreateUserBody {
  name: string;
  email: string;
}

interface ListQuery {
  page?: string;
  limit?: string;
  [key: string]: string | undefined;
}

interface ErrorBody {
  error: string;
  requestId?: string;
}

class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}

declare function findUser(id: string): Promise<UserRecord | undefined>;
declare function listUsersPage(page: number, limit: number): Promise<UserRecord[]>;
declare function saveUser(body: CreateUserBody): Promise<UserRecord>;

// ---- augmentations ------------------------------------------------------------------

declare global {
  namespace Express {
    // passport's req.user
    interface User {
      id: string;
      name: string;
      roles: string[];
    }
    interface Request {
      requestId?: string;
    }
    interface Locals {
      appName: string;
    }
  }
}

// The form @types/passport, @types/multer and many services use.
declare module "express-serve-static-core" {
  interface Request {
    tenant?: string;
  }
}

declare module "express-session" {
  interface SessionData {
    views: number;
    returnTo: string;
  }
}

// ---- app ----------------------------------------------------------------------------

const app: Application = express();
app.set("trust proxy", 1);
app.set("json spaces", 2);
app.disable("x-powered-by");
app.locals.appName = "users-service";

const upload = multer({ dest: "/tmp/uploads", limits: { fileSize: 1_000_000 } });

app.use(helmet());
app.use(cors({ origin: ["https://example.com"], credentials: true }));
app.use(morgan("combined"));
app.use(compression());
app.use(cookieParser("cookie secret"));
app.use(express.json({ limit: "1mb" }));
app.use(express.urlencoded({ extended: true }));
app.use(session({ secret: "session secret", resave: false, saveUninitialized: false, cookie: { secure: true } }));
app.use(passport.initialize());
app.use(passport.session());
app.use("/api", rateLimit({ windowMs: 60_000, limit: 100, standardHeaders: "draft-8" }));
app.use("/docs", swaggerUi.serve, swaggerUi.setup({ openapi: "3.0.0", info: { title: "users", version: "1" } }));
app.use("/assets", express.static("public", { maxAge: "1d", index: false, extensions: ["html"] }));

// Request id and timing middleware, typed three ways.
const requestId: RequestHandler = (req, res, next) => {
  req.requestId = req.get("x-request-id") ?? randomUUID();
  res.setHeader("x-request-id", req.requestId);
  next();
};

function timing(req: express.Request, res: express.Response, next: express.NextFunction): void {
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    console.log(`${req.method} ${req.originalUrl} ${res.statusCode} ${ms.toFixed(1)}ms`);
  });
  next();
}

type TimedLocals = { startedAt: number };
const stamp = (req: Request, res: Response<unknown, TimedLocals>, next: NextFunction) => {
  res.locals.startedAt = Date.now();
  next();
};

app.use(requestId, timing, stamp);

// Auth guard: narrows req with passport's type guard.
const requireAuth: RequestHandler = (req, res, next) => {
  if (req.isAuthenticated()) {
    const roles: string[] = req.user.roles;
    if (roles.length > 0) return next();
  }
  if (req.session) req.session.returnTo = req.originalUrl;
  res.status(401).json({ error: "login required" });
};

function requireRole(role: string): RequestHandler {
  return (req, res, next) => {
    if (req.user?.roles.includes(role)) next();
    else next(new HttpError(403, "forbidden"));
  };
}

// ---- users router -------------------------------------------------------------------

const users = Router({ mergeParams: true });

const listUsers: RequestHandler<{}, UserDto[], unknown, ListQuery> = async (req, res) => {
  const page = Number(req.query.page ?? "1");
  const limit = Math.min(Number(req.query.limit ?? "20"), 100);
  const rows = await listUsersPage(page, limit);
  res.json(rows.map(({ id, name }) => ({ id, name })));
};

const getUser: RequestHandler<{ id: string }, UserDto | ErrorBody> = async (req, res, next) => {
  try {
    const user = await findUser(req.params.id);
    if (!user) {
      res.status(404).json({ error: "not found", requestId: req.requestId });
      return;
    }
    res.json({ id: user.id, name: user.name });
  } catch (err) {
    next(err);
  }
};

async function createUser(req: Request<{}, UserDto, CreateUserBody>, res: Response<UserDto>) {
  const { name, email } = req.body;
  const user = await saveUser({ name, email });
  res.status(201).location(`/users/${user.id}`).json({ id: user.id, name: user.name });
}

users.param("id", (req, res, next, id: string) => {
  if (!/^[0-9a-f-]+$/.test(id)) return next(new HttpError(400, "bad id"));
  next();
});
users.get("/", listUsers);
users.post("/", requireRole("admin"), createUser);
users.get("/:id", getUser);
users.get("/:id/avatar", (req, res) => {
  res.sendFile(`${req.params.id}.png`, { root: "/srv/avatars", maxAge: 60_000 }, (err) => {
    if (err) res.status(404).end();
  });
});
users
  .route("/:id/roles")
  .get(async (req, res) => {
    const user = await findUser(req.params.id);
    res.json(user?.roles ?? []);
  })
  .put(requireRole("admin"), (req: Request<{ id: string }, unknown, { roles: string[] }>, res) => {
    res.json({ id: req.params.id, roles: req.body.roles });
  });
users.delete("/:id", requireRole("admin"), (req, res) => {
  res.sendStatus(204);
});

app.use("/api/users", requireAuth, users);

// ---- other routes -------------------------------------------------------------------

app.get("/health", (_req, res) => {
  res.json({ ok: true, uptime: process.uptime() });
});

app.get("/views", (req, res) => {
  req.session.views = (req.session.views ?? 0) + 1;
  res.type("text").send(`views: ${req.session.views}`);
});

app.post("/login", passport.authenticate("local", { failureRedirect: "/login" }), (req, res) => {
  res.cookie("seen", "1", { httpOnly: true, sameSite: "lax", maxAge: 86_400_000 });
  res.redirect(req.session.returnTo ?? "/");
});

app.post("/logout", (req, res, next) => {
  req.logout((err) => {
    if (err) return next(err);
    res.clearCookie("seen");
    res.redirect(303, "/");
  });
});

app.post("/upload", upload.single("avatar"), (req, res) => {
  if (!req.file) throw new HttpError(400, "no file");
  res.json({ name: req.file.originalname, size: req.file.size });
});

app.get("/files/*path", (req, res) => {
  const path: string[] = req.params.path;
  res.attachment(path[path.length - 1]);
  res.download(`/srv/files/${path.join("/")}`);
});

app.get("/posts{/:slug}", (req, res) => {
  res.format({
    html: () => res.send(`<h1>${req.params.slug ?? "all"}</h1>`),
    json: () => res.json({ slug: req.params.slug }),
    default: () => res.status(406).send("Not Acceptable"),
  });
});

app.get("/search", (req: Request<{}, {}, {}, { q?: string }>, res: Response) => {
  const q = req.query.q ?? "";
  const token: string | undefined = req.cookies?.token;
  res.set("Cache-Control", "no-store").json({ q, token, ip: req.ip, host: req.hostname, secure: req.secure });
});

app.get("/timed", stamp, (req, res: Response<{ took: number }, TimedLocals>) => {
  res.json({ took: Date.now() - res.locals.startedAt });
});

// ---- errors -------------------------------------------------------------------------

app.use((req, res) => {
  res.status(404).json({ error: `Cannot ${req.method} ${req.path}` });
});

const errorHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) return next(err);
  const status = err instanceof HttpError ? err.status : 500;
  const body: ErrorBody = { error: status < 500 ? err.message : "internal error", requestId: req.requestId };
  res.status(status).json(body);
};
app.use(errorHandler);

// ---- handlers typed with either package's names ------------------------------------

// Middleware typed against @types/express, held as lib-server's (Express's) RequestHandler.
const limiter: RequestHandler = rateLimit({ windowMs: 60_000, limit: 10 });
const avatarUpload: RequestHandler = upload.single("avatar");
const common: RequestHandler[] = [
  helmet(),
  cors(),
  compression(),
  cookieParser(),
  session({ secret: "s", resave: false, saveUninitialized: false }),
  passport.initialize(),
  passport.session(),
  limiter,
  avatarUpload,
];
app.use(common);

// Handlers typed with one package's names where the other's are expected.
const tenant: RequestHandler = (req, res, next) => {
  req.tenant = req.get("x-tenant");
  next();
};
function wrap(handler: ExpressTypes.RequestHandler): ExpressTypes.RequestHandler {
  return (req, res, next) => Promise.resolve(handler(req, res, next)).catch(next);
}
const wrapped: RequestHandler = wrap(tenant);
const expressOnError: ExpressTypes.ErrorRequestHandler = errorHandler;
const backToLib: ErrorRequestHandler = expressOnError;
function describe(req: ExpressTypes.Request, res: ExpressTypes.Response, next: ExpressTypes.NextFunction): Request {
  const ours: Request = req;
  const theirs: ExpressTypes.Request = ours;
  const response: Response = res;
  const nextFn: NextFunction = next;
  void [theirs, response, nextFn];
  return ours;
}
app.get("/tenant", wrapped, (req, res, next) => {
  describe(req, res, next);
  res.json({ tenant: req.tenant ?? null });
});
// @ts-expect-error the augmentation types req.tenant as a string
app.use((req) => (req.tenant = 42));
// @ts-expect-error a handler's request is a Request
const notAHandler: RequestHandler = (req: URL) => req.href;
// @ts-expect-error nor an Express request
const notAnExpressHandler: ExpressTypes.RequestHandler = (req: URL) => req.href;
// @ts-expect-error Express-typed middleware is no error handler
const notAnErrorHandler: ErrorRequestHandler = avatarUpload;
void [backToLib, notAHandler, notAnExpressHandler, notAnErrorHandler];

// ---- start --------------------------------------------------------------------------

export function start(port = Number(process.env.PORT ?? 3000)): HttpServer {
  const server = app.listen(port, (err?: Error) => {
    if (err) throw err;
    console.log(`listening on ${port}`);
  });
  process.on("SIGTERM", () => server.close());
  return server;
}

export default app;
