import express from "express";
import routersApp from "./app.js";
import { port, host, ready } from "../ready.js";

routersApp(express(), express.Router).listen(port, host, ready);
