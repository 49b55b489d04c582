// A lib-server service whose project has no @types/express: "express" resolves to an untyped
// module here (tsconfig.json maps it to untyped-express.js, as if only the express package
// were installed, which express-rate-limit's peer dependency brings). Middleware whose own
// declarations import Express's types still plugs in, and the global `Express` namespace
// still augments lib-server's req.
import express, { type Request, type Response, type NextFunction, type RequestHandler } from "lib-server";
import { rateLimit, type Options as RateLimitOptions } from "express-rate-limit";
import helmet from "helmet";

declare global {
  namespace Express {
    interface Request {
      apiKey?: string;
    }
  }
}

const limits: Partial<RateLimitOptions> = {
  windowMs: 60_000,
  limit: 100,
  standardHeaders: "draft-8",
  legacyHeaders: false,
};

const app = express();
app.use(helmet());
app.use(rateLimit(limits));
app.use("/api", rateLimit({ ...limits, keyGenerator: (req) => String(req.headers["x-api-key"] ?? "anonymous") }));

const apiKey: RequestHandler = (req, res, next) => {
  req.apiKey = req.get("x-api-key");
  if (!req.apiKey) return res.status(401).json({ error: "api key required" });
  next();
};

app.get("/api/items/:id", apiKey, (req, res) => {
  const id: string = req.params.id;
  res.json({ id, key: req.apiKey });
});

app.use((err: Error, req: Request, res: Response, next: NextFunction) => {
  if (res.headersSent) return next(err);
  res.status(500).json({ error: err.message });
});

// @ts-expect-error no parameter named "idd" in "/api/items/:id"
app.get("/api/items/:id", (req) => req.params.idd);

export default app;
// @ts-expect-error without @types/express-serve-static-core, req has no `accepted`
app.get("/accepted", (req) => req.accepted);
