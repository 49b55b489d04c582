// Polka mounts sub-applications where Express mounts routers.
import polka from "polka";
import { middlewareStack } from "../middleware/stack.js";
import { ROUTER_NAMES, routePaths } from "./routes.js";
import { port, host, ready } from "../ready.js";

function subApp(name) {
  const sub = polka();
  const show = (req, res) => {
    res.setHeader("content-type", "application/json; charset=utf-8");
    res.end(JSON.stringify({ router: name, id: req.params.id }));
  };
  for (const path of routePaths) sub.get(path, show);
  return sub;
}

const app = polka();
for (const middleware of middlewareStack) app.use(middleware);
for (const name of ROUTER_NAMES) app.use(`/${name}`, subApp(name));
app.listen(port, host, ready);
