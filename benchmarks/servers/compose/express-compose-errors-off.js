// compose() mounted on Express 5: its cost measured apart from lib-server's core.
import express from "express";
import { compose } from "../../../src/compose.js";
import { composeApp } from "./app.js";
import { port, host, ready } from "../ready.js";

composeApp(express(), compose, { errors: false }).listen(port, host, ready);
