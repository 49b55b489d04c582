// Type test: compiled by `tsc -p test/types` inside `npm test`. Typical Express code must
// type-check against lib-server's declarations, and misuse must not.
import Server, { Router, type Request, type Response, type NextFunction, type RequestHandler, type ErrorRequestHandler } from "lib-server";

const app = new Server();
const app2 = Server();
app2.disable("x-powered-by");

const logger: RequestHandler = (req, res, next) => {
  res.set("x-request-path", req.path);
  next();
};
app.use(logger);
app.get("/users/:id", (req: Request, res: Response) => {
  const id: string = req.params.id;
  res.status(200).json({ id, page: req.query.page, ip: req.ip, host: req.hostname });
});
app.route("/items").get((req, res) => res.send("list")).post((req, res) => res.sendStatus(201));

const api = Router({ mergeParams: true });
api.get("/ping", (req, res) => {
  res.type("txt").send(req.get("user-agent") ?? "none");
});
app.use("/api", api);

const onError: ErrorRequestHandler = (err, req, res, next: NextFunction) => {
  if (res.headersSent) return next(err);
  res.status(err.status ?? 500).json({ error: String(err.message) });
};
app.use(onError);

const port: unknown = app.get("port");
app.set("json spaces", 2);
const enabled: boolean = app.enabled("etag");
const server = app.listen(0, () => server.close());
void port;
void enabled;

// @ts-expect-error status takes a number
app.get("/bad", (req, res) => res.status("200"));

// Statics and the composer.
import { compose, json } from "lib-server";
app.use(Server.json({ limit: "1mb", strict: true }), Server.urlencoded({ extended: false }), json());
app.use("/public", Server.static("public", { maxAge: "1d", listing: true, precompressed: ["br", "gzip"] }));
app.get("/composed", compose(async (ctx) => ({ user: ctx.params.id })));
const limited = new Server({ headersTimeout: 5_000, maxUrlLength: 4_096 });
void limited;
