// Who is who: the name used in results, its label in tables, its script.
import { fileURLToPath } from "node:url";

const SERVERS_DIR = fileURLToPath(new URL("../servers/", import.meta.url));

const LABELS = {
  node: "node:http",
  "lib-server": "lib-server",
  "lib-server-lean": "lib-server (lean)",
  express: "Express 5",
  express4: "Express 4",
  fastify: "Fastify",
  polka: "Polka",
  "serve-static": "serve-static",
  sirv: "sirv",
  "fastify-static": "@fastify/static",
};

// servers("hello", ["node", "express"]) -> entries for servers/hello/node.js, ...
// `subject` marks lib-server's own entries, the numerators of every ratio.
export function servers(dir, names) {
  return names.map((name) => ({
    name,
    label: LABELS[name] ?? name,
    file: `${SERVERS_DIR}${dir}/${name}.js`,
    subject: name.startsWith("lib-server"),
  }));
}
