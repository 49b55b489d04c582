import polka from "polka";
import { routePaths } from "./routes.js";
import { port, host, ready } from "../ready.js";

function showUser(req, res) {
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.end(JSON.stringify({ id: req.params.id, page: req.query.page }));
}

const app = polka();
for (const path of routePaths) app.get(path, showUser);
app.listen(port, host, ready);
