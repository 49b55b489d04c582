// Express-style app shared verbatim by Express 5, Express 4, Polka and lib-server.
import { middlewareStack, whoAmI } from "./stack.js";

export default function middlewareApp(app) {
  for (const middleware of middlewareStack) app.use(middleware);
  app.get("/", whoAmI);
  return app;
}
