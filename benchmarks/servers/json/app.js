// Express-style app shared verbatim by Express 5, Express 4 and lib-server.
export default function jsonApp(app) {
  app.get("/", (req, res) => {
    res.json({ hello: "world" });
  });
  return app;
}
