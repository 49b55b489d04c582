// Runs one README snippet for test/readme.test.js: `node test/helpers/run-snippet.js FILE`.
// Servers it starts listen on a free port whatever it asks (3000 may be taken); once the
// snippet has run and they all listen, this prints "snippet ran" and ends the process.
import net from "node:net";
import { once } from "node:events";
import { pathToFileURL } from "node:url";

const listen = net.Server.prototype.listen;
const servers = [];
net.Server.prototype.listen = function (...args) {
  const [first] = args;
  if (typeof first === "number" || (typeof first === "string" && /^\d+$/.test(first))) args[0] = 0;
  else if (first !== null && typeof first === "object" && "port" in first) args[0] = { ...first, port: 0 };
  servers.push(this);
  return listen.apply(this, args);
};

await import(pathToFileURL(process.argv[2]).href);
await Promise.all(servers.map((server) => server.listening || once(server, "listening")));
await new Promise((resolve) => setTimeout(resolve, 50)); // listen callbacks and the like
console.log("snippet ran");
process.exit(0);
