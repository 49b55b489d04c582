import express from "express4";
import apiLayersApp from "./stack.js";
import { port, host, ready } from "../ready.js";

apiLayersApp(express(), express).listen(port, host, ready);
