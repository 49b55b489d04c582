import express from "express";
import realWorldApp from "./app.js";
import { port, host, ready } from "../ready.js";

realWorldApp(express(), express).listen(port, host, ready);
