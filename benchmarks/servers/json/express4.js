import express from "express4";
import jsonApp from "./app.js";
import { port, host, ready } from "../ready.js";

jsonApp(express()).listen(port, host, ready);
