// Polka has no res.json: set the type and serialize by hand, as its docs do.
import polka from "polka";
import { port, host, ready } from "../ready.js";

polka()
  .get("/", (req, res) => {
    res.setHeader("content-type", "application/json; charset=utf-8");
    res.end(JSON.stringify({ hello: "world" }));
  })
  .listen(port, host, ready);
