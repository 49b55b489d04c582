// Who is who: the name used in results, its label in tables, its script.
import { fileURLToPath } from "node:url";

const SERVERS_DIR = fileURLToPath(new URL("../servers/", import.meta.url));

const LABELS = {
  node: "node:http",
  "node-express-headers": "node:http, Express's headers",
  "lib-server": "lib-server",
  "lib-server-lean": "lib-server (lean)",
  "lib-server-express4": "lib-server, Express 4 mode",
  express: "Express 5",
  express4: "Express 4",
  fastify: "Fastify",
  "fastify-etag": "Fastify + @fastify/etag",
  polka: "Polka",
  "serve-static": "serve-static",
  sirv: "sirv",
  "fastify-static": "@fastify/static",
};

// servers("hello", ["node", "express"]) -> entries for servers/hello/node.js, ...
// An item may also be { name, file, label, subject } where a script's file
// name differs from the name results use. `subject` marks lib-server's own
// entries, the numerators of every ratio.
export function servers(dir, items) {
  return items.map((item) => {
    const {
      name,
      file = name,
      label = LABELS[name] ?? name,
      subject = name.startsWith("lib-server"),
    } = typeof item === "string" ? { name: item } : item;
    return { name, label, file: `${SERVERS_DIR}${dir}/${file}.js`, subject };
  });
}
