// The app lib-server serves in the h2 scenarios: the hello and json routes of
// those scenarios and the static module (1 KB file, multiplexed assets).
import Server from "../../../src/index.js";
import { root } from "../static/root.js";

export default function h2App(app) {
  app.get("/hello", (req, res) => {
    res.send("ok");
  });
  app.get("/json", (req, res) => {
    res.json({ hello: "world" });
  });
  app.use(Server.static(root));
  return app;
}
