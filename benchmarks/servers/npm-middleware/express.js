import express from "express";
import npmMiddlewareApp from "./app.js";
import { port, host, ready } from "../ready.js";

npmMiddlewareApp(express()).listen(port, host, ready);
