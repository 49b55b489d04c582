import express from "express";
import paramsApp from "./app.js";
import { port, host, ready } from "../ready.js";

paramsApp(express()).listen(port, host, ready);
