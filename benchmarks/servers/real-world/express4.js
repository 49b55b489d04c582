import express from "express4";
import realWorldApp from "./app.js";
import { port, host, ready } from "../ready.js";

realWorldApp(express(), express).listen(port, host, ready);
