// The hello route three ways an Express app is commonly put together, shared verbatim by
// Express 5 and lib-server (`factory` is express or Server):
//  - router:  app.use(router), the route in an express.Router();
//  - sub-app: app.use(subApp), the route in a whole app mounted on the first;
//  - wrapped: the app behind a function, http.createServer((req, res) => app(req, res)).
import http from "node:http";
import { port, host, ready } from "../ready.js";

const hello = (req, res) => res.send("ok");

export function startMounted(factory, how) {
  const app = factory();
  if (how === "router") {
    const router = factory.Router();
    router.get("/", hello);
    app.use(router);
  } else if (how === "sub-app") {
    const sub = factory();
    sub.get("/", hello);
    app.use(sub);
  } else {
    app.get("/", hello);
  }
  const server = how === "wrapped" ? http.createServer((req, res) => app(req, res)) : http.createServer(app);
  server.listen(port, host, ready);
}
