// A real API's stack, shared verbatim by Express 5, Express 4 and lib-server (`framework` is
// the module: express, express4 or lib-server): a request id, cors(), helmet(),
// cookie-parser, a bearer check, express.json() on every request, and a router mounted at
// /api answering with res.json.
import cors from "cors";
import helmet from "helmet";
import cookieParser from "cookie-parser";
import { TOKEN, userOf, createdUser } from "./api.js";

let lastRequestId = 0;

export function requestId(req, res, next) {
  const id = req.headers["x-request-id"] ?? String(++lastRequestId);
  req.id = id;
  res.setHeader("x-request-id", id);
  next();
}

export function bearer(req, res, next) {
  if (req.headers.authorization !== TOKEN) {
    res.status(401).json({ error: "unauthorized" });
    return;
  }
  req.user = "bench";
  next();
}

export default function realWorldApp(app, framework) {
  app.use(requestId);
  app.use(cors());
  app.use(helmet());
  app.use(cookieParser());
  app.use(bearer);
  app.use(framework.json());
  const api = framework.Router();
  api.get("/users/:id", (req, res) => {
    res.json(userOf(req.params.id, req.cookies.theme));
  });
  api.post("/users", (req, res) => {
    res.status(201).json(createdUser(req.body));
  });
  app.use("/api", api);
  return app;
}
