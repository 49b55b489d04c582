import express from "express";
import helloApp from "./app.js";
import { port, host, ready } from "../ready.js";

helloApp(express()).listen(port, host, ready);
