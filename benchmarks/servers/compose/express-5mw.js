import express from "express";
import { plainApp } from "./app.js";
import { port, host, ready } from "../ready.js";

plainApp(express()).listen(port, host, ready);
