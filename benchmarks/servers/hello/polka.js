import polka from "polka";
import { port, host, ready } from "../ready.js";

polka()
  .get("/", (req, res) => {
    res.end("ok");
  })
  .listen(port, host, ready);
