// The soak test's app, written once for lib-server and Express 5: routes with params and
// queries, JSON posts, static files, cookies, redirects, 404s and thrown errors (sync and
// async, some caught by an error middleware, some reaching the final handler).
// `framework` is the default export (Server or express): its json() and static() are used.
export default function soakApp(framework, staticRoot) {
  const app = framework();
  // Errors reaching the final handler are expected here: don't log one line per request.
  app.set("env", "test");

  app.get("/", (req, res) => res.json({ hello: "world" }));
  app.get("/users/:id/posts/:post", (req, res) => res.json({ user: req.params.id, post: req.params.post }));
  app.get("/search", (req, res) => res.json(req.query));
  app.post("/echo", framework.json(), (req, res) => res.json(req.body));
  app.get("/cookie", (req, res) => res.cookie("seen", "1", { httpOnly: true }).send("cookie set"));
  app.get("/redirect", (req, res) => res.redirect("/"));
  app.get("/error/final", () => {
    throw new Error("thrown, answered by the final handler");
  });
  app.get("/error/async", async () => {
    await Promise.resolve();
    throw Object.assign(new Error("rejected, answered by the error middleware"), { status: 503 });
  });
  app.use("/static", framework.static(staticRoot));
  app.use((err, req, res, next) => {
    if (req.path !== "/error/async") return next(err);
    res.status(err.status).json({ error: err.message });
  });
  return app;
}
