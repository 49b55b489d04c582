// Express-style app shared verbatim by Express 5, Express 4 and lib-server.
export default function helloApp(app) {
  app.get("/", (req, res) => {
    res.send("ok");
  });
  return app;
}
