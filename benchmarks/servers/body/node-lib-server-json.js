// lib-server's json() on plain node:http (no framework).
import { json } from "../../../src/body/index.js";
import { serveEcho } from "./echo-on-node.js";

serveEcho(json());
