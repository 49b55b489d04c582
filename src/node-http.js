// node:http itself, not its ES module namespace: that namespace evaluates every export,
// and from Node 22 on, WebSocket, CloseEvent and MessageEvent are getters that load all of
// undici (deps.js, nodeModule). Import this instead of "node:http".
import { nodeModule } from "./deps.js";

export default nodeModule("node:http");
