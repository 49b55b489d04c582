// Express-style app shared verbatim by Express 5, Express 4 and lib-server.
import { routePaths } from "./routes.js";

function showUser(req, res) {
  res.json({ id: req.params.id, page: req.query.page });
}

export default function paramsApp(app) {
  for (const path of routePaths) app.get(path, showUser);
  return app;
}
