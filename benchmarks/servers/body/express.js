import express from "express";
import bodyApp from "./app.js";
import { port, host, ready } from "../ready.js";

bodyApp(express(), express.json()).listen(port, host, ready);
