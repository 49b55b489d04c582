import express from "express";
import apiLayersApp from "./stack.js";
import { port, host, ready } from "../ready.js";

apiLayersApp(express(), express).listen(port, host, ready);
