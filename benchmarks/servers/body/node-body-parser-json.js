// body-parser 2's json() (what express.json() is) on plain node:http.
import express from "express";
import { serveEcho } from "./echo-on-node.js";

serveEcho(express.json());
