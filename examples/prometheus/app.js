// The example app, written once for any Express-compatible framework (`createApp` is
// lib-server's default export, or express): a small API with routers, a mounted admin app,
// params, errors and 404s, all measured by the prom-client recipe of metrics.js.
import { requestMetrics } from "./metrics.js";

export function buildApp(createApp) {
  const app = createApp();
  const metrics = requestMetrics();
  app.get("/metrics", metrics.serve); // before `measure`: scrapes are not measured
  app.use(metrics.measure);
  return addRoutes(app, createApp);
}

/** The app's own routes, whatever measures them. */
export function addRoutes(app, createApp) {
  app.get("/", (req, res) => res.send("see /metrics"));

  const users = createApp.Router();
  users.get("/", (req, res) => res.json([{ id: 1 }]));
  users.get("/:id", (req, res) => {
    if (!/^\d+$/.test(req.params.id)) return res.status(400).json({ error: "id must be a number" });
    res.json({ id: Number(req.params.id) });
  });
  users
    .route("/:id/orders/:orderId")
    .get((req, res) => res.json({ user: req.params.id, order: req.params.orderId }))
    .delete((req, res) => res.sendStatus(204));
  const api = createApp.Router();
  api.use("/users", users);
  api.get("/fail", () => {
    throw new Error("provoked failure");
  });
  app.use("/api", api);

  const admin = createApp();
  admin.get("/stats", (req, res) => res.json({ uptime: process.uptime() }));
  app.use("/admin", admin);

  app.use((err, req, res, next) => {
    res.status(500).json({ error: err.message });
  });
  return app;
}
