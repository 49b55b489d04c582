// lib-server's lean form: plain res.end, no Express-style helpers.
import Server from "../../../src/index.js";
import { port, host, ready } from "../ready.js";

const app = new Server();
app.get("/", (req, res) => {
  res.end("ok");
});
app.listen(port, host, ready);
