// HTTP/2, loaded through deps.js on an app's first HTTP/2 server or request.
export { createServer } from "./server.js";
export { requestTwin, responseTwin } from "./twins.js";
