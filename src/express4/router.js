// Express 4's Router (its own lib/router: path-to-regexp 0.1 paths, router.param(fn)).
import { Router } from "../router/index.js";

export { Router };
