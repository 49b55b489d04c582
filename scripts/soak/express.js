// The soak app on Express 5 (benchmark server contract: $PORT on 127.0.0.1, then READY).
import express from "express";
import { port, host, ready } from "../../benchmarks/servers/ready.js";
import soakApp from "./app.js";

soakApp(express, process.env.STATIC_ROOT).listen(port, host, ready);
