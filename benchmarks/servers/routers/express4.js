import express from "express4";
import routersApp from "./app.js";
import { port, host, ready } from "../ready.js";

routersApp(express(), express.Router).listen(port, host, ready);
