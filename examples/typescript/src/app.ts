// The application, built by a function so tests can start it on any port.
import express, { type Application, type RequestHandler } from "lib-server";
import { randomUUID } from "node:crypto";
import { authenticate } from "./auth.js";
import { usersRouter } from "./users.js";
import { notFound, errorHandler } from "./errors.js";

const requestId: RequestHandler = (req, res, next) => {
  req.id = req.get("x-request-id") ?? randomUUID();
  res.locals.startedAt = Date.now();
  res.set("x-request-id", req.id);
  next();
};

export function createApp(): Application {
  const app = express();
  app.set("trust proxy", "loopback");
  app.use(requestId);
  app.use(express.json({ limit: "100kb" }));

  app.get("/health", (req, res) => {
    res.json({ ok: true, uptime: process.uptime(), took: Date.now() - res.locals.startedAt });
  });
  app.use("/users", authenticate, usersRouter);

  app.use(notFound);
  app.use(errorHandler);
  return app;
}
