// The same Express-style app with app.disable("etag"): shows what Express's weak ETag
// (a SHA-1 of every res.send/res.json body, on by default) costs on a tiny JSON answer.
import Server from "../../../src/index.js";
import jsonApp from "./app.js";
import { port, host, ready } from "../ready.js";

const app = new Server();
app.disable("etag");
jsonApp(app).listen(port, host, ready);
