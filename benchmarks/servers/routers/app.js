// Express-style app shared verbatim by Express 5, Express 4 and lib-server;
// only the Router factory differs.
import { middlewareStack } from "../middleware/stack.js";
import { ROUTER_NAMES, routePaths } from "./routes.js";

function routerFor(name, Router) {
  const router = Router();
  const show = (req, res) => {
    res.json({ router: name, id: req.params.id });
  };
  for (const path of routePaths) router.get(path, show);
  return router;
}

export default function routersApp(app, Router) {
  for (const middleware of middlewareStack) app.use(middleware);
  for (const name of ROUTER_NAMES) app.use(`/${name}`, routerFor(name, Router));
  return app;
}
