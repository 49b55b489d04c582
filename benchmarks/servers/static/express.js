// express.static in an Express 5 app, defaults, as `app.use(express.static(dir))`.
import express from "express";
import { port, host, ready } from "../ready.js";
import { root } from "./root.js";

const app = express();
app.use(express.static(root));
app.listen(port, host, ready);
