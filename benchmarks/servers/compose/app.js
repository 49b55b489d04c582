// The two apps of the compose scenario, each shared verbatim by the servers
// that mount them: five small middleware then a JSON answer on GET /,
// written once Express-style and once as compose() steps.

export function plainApp(app) {
  app.use((req, res, next) => {
    req.f1 = 1;
    next();
  });
  app.use((req, res, next) => {
    req.f2 = 2;
    next();
  });
  app.use((req, res, next) => {
    req.f3 = 3;
    next();
  });
  app.use((req, res, next) => {
    req.f4 = 4;
    next();
  });
  app.use((req, res, next) => {
    req.f5 = 5;
    next();
  });
  app.get("/", (req, res) => {
    res.json({ ok: true });
  });
  return app;
}

// options: compose()'s own, e.g. { errors: false }.
export function composeApp(app, compose, options) {
  app.get(
    "/",
    compose(
      options,
      (ctx) => {
        ctx.state.f1 = 1;
      },
      (ctx) => {
        ctx.state.f2 = 2;
      },
      (ctx) => {
        ctx.state.f3 = 3;
      },
      (ctx) => {
        ctx.state.f4 = 4;
      },
      (ctx) => {
        ctx.state.f5 = 5;
      },
      () => ({ ok: true }),
    ),
  );
  return app;
}
