import express from "../../../src/express4/index.js";
import realWorldApp from "./app.js";
import { port, host, ready } from "../ready.js";

realWorldApp(express(), express).listen(port, host, ready);
