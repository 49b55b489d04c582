import express from "express4";
import middlewareApp from "./app.js";
import { port, host, ready } from "../ready.js";

middlewareApp(express()).listen(port, host, ready);
