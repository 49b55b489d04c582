// Express-style app shared by Express 5 and lib-server: `jsonParser` is
// express.json() or Server.json().
export default function bodyApp(app, jsonParser) {
  app.use(jsonParser);
  app.post("/echo", (req, res) => {
    res.json(req.body);
  });
  return app;
}
