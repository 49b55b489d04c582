import { servers } from "./servers.js";

// Guards against the cost of switching prototypes per request (V8 charges ~5-7x a hello
// for it), which lib-server avoids for mounted apps and for an app behind a function.
const variants = ["router", "sub-app", "wrapped"];
const labels = { router: "in a Router", "sub-app": "in a mounted app", wrapped: "behind a function" };

export default {
  name: "mounting",
  title:
    "Hello from a Router, from a mounted sub-app, and from an app behind createServer((req, res) => app(req, res))",
  servers: servers(
    "mounting",
    variants.flatMap((how) => [
      { name: `lib-server-${how}`, label: `lib-server, ${labels[how]}` },
      { name: `express-${how}`, label: `Express 5, ${labels[how]}` },
    ]),
  ),
  cases: [{ name: "mounting", title: "GET / → ok", request: { path: "/" }, expect: { status: 200, body: "ok" } }],
};
