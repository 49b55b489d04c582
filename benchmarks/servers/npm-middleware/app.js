// Express-style app shared verbatim by Express 5 and lib-server: GET /<name> runs that npm
// middleware, then answers with res.json.
import { NAMES, answerOf } from "./api.js";
import { middlewareOf } from "./stack.js";

export default function npmMiddlewareApp(app) {
  for (const name of NAMES) {
    app.get(`/${name}`, middlewareOf(name), (req, res) => {
      res.json(answerOf(name, req.cookies));
    });
  }
  return app;
}
