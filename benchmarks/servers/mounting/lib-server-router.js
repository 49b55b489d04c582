import Server from "../../../src/index.js";
import { startMounted } from "./app.js";

startMounted(Server, "router");
