// Type test of lib-server's own API (what Express does not have, or has differently), compiled
// by `tsc -p test/types` in `npm test`: typical code must type-check, misuse must not.
import Server, {
  Router,
  Route,
  json,
  serveStatic,
  compose,
  type Request,
  type Response,
  type NextFunction,
  type RequestHandler,
  type ErrorRequestHandler,
} from "lib-server";

const app = new Server();
const app2 = Server({ headersTimeout: 5_000, maxUrlLength: 4_096, shutdownTimeout: 2_000 });
app2.disable("x-powered-by");

const logger: RequestHandler = (req, res, next) => {
  res.set("x-request-path", req.path);
  next();
};
app.use(logger);
app.get("/users/:id", (req: Request<{ id: string }>, res: Response) => {
  const id: string = req.params.id;
  res.status(200).json({ id, page: req.query.page, ip: req.ip, host: req.hostname });
});
app
  .route("/items")
  .get((req, res) => res.send("list"))
  .post((req, res) => res.sendStatus(201));

const api = Router({ mergeParams: true });
api.get("/ping", (req, res) => {
  res.type("txt").send(req.get("user-agent") ?? "none");
});
app.use("/api", api);
// router 2.3's listing, recursing into mounted routers
const listed: string[] = app.router
  .listRoutes()
  .flatMap(({ path, methods, router }) =>
    router
      ? router.listRoutes().map((inner) => `${String(path)}${String(inner.path)}`)
      : [`${(methods ?? []).join(",")} ${String(path)}`],
  );

const onError: ErrorRequestHandler = (err, req, res, next: NextFunction) => {
  if (res.headersSent) return next(err);
  res.status(err.status ?? 500).json({ error: String(err.message) });
};
app.use(onError);

// ---- listen, close, graceful shutdown ----------------------------------------------------

// The callback hears a failure to listen, as in Express 5.
const server = app.listen(3000, (err) => {
  if (err) throw err;
  const address = server.address();
  void address;
});
app.listen(0, "127.0.0.1", (err?: Error) => void err);
app.listen("/tmp/app.sock");
app.listen({ port: 0, host: "127.0.0.1", gracefulShutdown: true }, () => void 0);
const closing: Promise<void> = app.close();
app.close((err) => {
  if (err) console.error(err.message);
});
app.closeOnSignals().closeOnSignals(["SIGTERM", "SIGINT", "SIGHUP"]);
app.on("shutdown", (signal: NodeJS.Signals) => console.log(signal));
// @ts-expect-error not a signal
app.closeOnSignals(["SIGFOO"]);
void closing;

// ---- settings and views --------------------------------------------------------------------

const port: unknown = app.get("port");
app.set("json spaces", 2).set("view engine", "html");
const enabled: boolean = app.enabled("etag");
void port;
void enabled;

app.engine("html", (path, options, callback) => {
  callback(null, `<p>${path} ${JSON.stringify(options)}</p>`);
});
app.render("index", { title: "home" }, (err, html) => {
  if (err) return console.error(err);
  console.log(html.length);
});
app.render("index", (err, html) => void [err, html]);
// @ts-expect-error app.render() delivers through its callback only
app.render("index", { title: "home" });
app.get("/page", (req, res, next) => {
  res.render("page", { user: "ann" });
  res.render("page", { user: "ann" }, (err, html) => (err ? next(err) : res.send(html)));
  res.render("page", (err, html) => void [err, html]);
});
app.locals.title = "site";

// ---- statics --------------------------------------------------------------------------------

const route: Route = new Server.Route("/direct");
route.get((req, res) => res.end());
const sameRoute: typeof Server.Route = Router.Route;
const alsoRoute: Route = new Route("/also");
void [sameRoute, alsoRoute];
Server.application.set("x", 1);
Server.request.get("host");
Server.response.status(200);
const composed = compose(async (ctx) => ({ user: ctx.params.id }));
app.get("/composed/:id", composed);
app.get("/direct", (req, res, next) => route.dispatch(req, res, next));

app.use(
  Server.json({ limit: "1mb", strict: true }),
  Server.urlencoded({ extended: false, parameterLimit: 100 }),
  json(),
);
app.use("/public", Server.static("public", { maxAge: "1d", listing: true, precompressed: ["br", "gzip"] }));
app.use(
  "/docs",
  serveStatic("docs", { index: ["index.html", "README.html"], extensions: ["html", "htm"], redirect: false }),
);
app.use("/bare", Server.static("bare", { index: false, extensions: false, fallthrough: false }));
app.use("/one", Server.static("one", { index: "home.html", extensions: "html" }));
app.use(
  Server.static("headers", {
    setHeaders(res, path, stat) {
      res.set("x-size", String(stat.size)).set("x-path", path);
    },
  }),
);
// @ts-expect-error extensions are names, not a switch
Server.static("public", { extensions: true });
// @ts-expect-error index files are names
Server.static("public", { index: true });
// null options, as serve-static accepts them; strong ETags on request
Server.static("public", null);
Server.static("public", { etag: "strong" });
// @ts-expect-error etag is on, off or "strong"
Server.static("public", { etag: "weak" });

app.get("/part", (req, res) => res.sendFile("/srv/files/big.bin", { start: 0, end: 1023, etag: false }));
app.get("/files/:name", (req, res, next) => {
  res.sendFile(
    req.params.name,
    { root: "/srv/files", index: false, extensions: ["txt"], headers: { "x-from": "sendFile" } },
    (err) => {
      if (err) next(err);
    },
  );
});
app.get("/report", (req, res) => {
  res.download("/srv/report.pdf", { root: "/", maxAge: 0 }, (err) => void err);
  res.download("/srv/report.pdf", "report.pdf");
});

// ---- req and res ----------------------------------------------------------------------------

app.get("/req", (req, res) => {
  const ranges = req.range(1000, { combine: true });
  if (ranges !== undefined && typeof ranges !== "number") console.log(ranges.type, ranges[0].start);
  const type: string | false | null = req.is("json", "text/*");
  const lang: string | false = req.acceptsLanguages("en", "fr");
  const cookies: string | undefined = req.cookies?.session;
  res.cookie("a", { json: true }, { maxAge: null, signed: false }).clearCookie("b");
  res.links({ next: "/page/2", alternate: ["/a", "/b"] });
  res.format({
    json: () => res.json({ type, lang, cookies }),
    default: () => res.sendStatus(406),
  });
});

// ---- mistakes ---------------------------------------------------------------------------------

// @ts-expect-error status takes a number
app.get("/bad", (req, res) => res.status("200"));
// @ts-expect-error no such setting method
app.setting("x");
// @ts-expect-error Server options are limits
new Server({ port: 3000 });
