import { servers } from "./servers.js";
import { payload } from "../servers/body/payload.js";

// Servers written by the body helper (benchmarks/servers/body/): parse a 1 KB
// JSON body and echo it. The two "on node:http" entries isolate the parsers.
export default {
  name: "post-json",
  title: "POST a 1 KB JSON body, echoed back",
  headline: true,
  servers: servers("body", [
    "node",
    "lib-server",
    "express",
    "fastify",
    "fastify-etag",
    { name: "lib-server-json-on-node", file: "node-lib-server-json", label: "lib-server json() on node:http" },
    { name: "body-parser-json-on-node", file: "node-body-parser-json", label: "express.json() on node:http" },
  ]),
  cases: [
    {
      name: "post-json",
      title: "POST /echo with 1 KB of JSON",
      request: { method: "POST", path: "/echo", headers: { "content-type": "application/json" }, body: payload },
      expect: { status: 200, json: JSON.parse(payload), headers: { "content-type": /^application\/json/ } },
    },
  ],
};
