import express from "../../../src/express4/index.js";
import apiLayersApp from "./stack.js";
import { port, host, ready } from "../ready.js";

apiLayersApp(express(), express).listen(port, host, ready);
