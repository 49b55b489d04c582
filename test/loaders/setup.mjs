// Installs this folder's tools, and puts lib-server into node_modules/ as an installed package,
// its own node_modules/ the checkout's, which has its dependencies.
import { symlinkSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { copyLibServer, installTools, root } from "../helpers/test-project.js";

const here = fileURLToPath(new URL(".", import.meta.url));

export default function setup() {
  installTools(here);
  symlinkSync(`${root}node_modules`, `${copyLibServer(here)}node_modules`, "dir");
}
