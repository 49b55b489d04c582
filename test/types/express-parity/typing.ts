// How typed Express code types its handlers, compiled against lib-server (tsconfig.json) and
// against @types/express (tsconfig.express.json): every line must mean the same in both,
// including the @ts-expect-error ones.
import express, {
  Request,
  Response,
  NextFunction,
  RequestHandler,
  ErrorRequestHandler,
  Router,
  Application,
  CookieOptions,
  Errback,
  Handler,
  IRoute,
  IRouter,
  IRouterHandler,
  IRouterMatcher,
  Locals,
  MediaType,
  RequestParamHandler,
  RouterOptions,
  Send,
  Express,
} from "lib-server";

const app = express();

// ---- route parameters come from the path -------------------------------------------------

app.get("/users/:id", (req, res) => {
  const id: string = req.params.id;
  res.send(id);
});
// @ts-expect-error no parameter named "idd" in "/users/:id"
app.get("/users/:id", (req) => req.params.idd);
app.get("/users/:userId/posts/:postId", (req) => {
  const both: [string, string] = [req.params.userId, req.params.postId];
  return both;
});
app.get("/files/*path", (req) => {
  const segments: string[] = req.params.path;
  return segments;
});
app.get("/posts{/:slug}", (req) => {
  const slug: string | undefined = req.params.slug;
  // @ts-expect-error an optional parameter may be missing
  const sure: string = req.params.slug;
  return [slug, sure];
});
app.get("/flights/:from-:to", (req) => `${req.params.from} ${req.params.to}`);
app.get(/^\/items\/(\d+)$/, (req) => {
  const first: string = req.params[0];
  return first;
});
app.post("/users/:id", express.json(), (req, res) => {
  res.json({ id: req.params.id, body: req.body });
});
app
  .route("/books/:isbn")
  .get((req, res) => res.send(req.params.isbn))
  .put((req, res) => res.sendStatus(204));
// @ts-expect-error no parameter named "id" in "/books/:isbn"
app.route("/books/:isbn").get((req) => req.params.id);

const router = Router({ caseSensitive: true } satisfies RouterOptions);
router.get("/:a/:b", (req, res) => res.json([req.params.a, req.params.b]));
router.use("/admin/:section", (req, res, next) => {
  const section: string = req.params.section;
  next(section === "x" ? "router" : undefined);
});
app.use("/r", router);

// Path-less middleware: params as a dictionary.
app.use((req, res, next) => {
  const anyParam: string | string[] | undefined = req.params.whatever;
  void anyParam;
  next();
});

// ---- generic handler types ---------------------------------------------------------------

interface Body {
  name: string;
}
interface Reply {
  ok: boolean;
}
interface Search {
  q?: string;
}
interface Timed {
  startedAt: number;
}

const create: RequestHandler<{ id: string }, Reply, Body, Search, Timed> = (req, res, next) => {
  const name: string = req.body.name;
  const q: string | undefined = req.query.q;
  const started: number = res.locals.startedAt;
  if (!name) return next(new Error("name required"));
  res.status(201).json({ ok: started > 0 && q !== "" });
  // @ts-expect-error the reply body is typed
  res.json({ ok: "yes" });
  // @ts-expect-error the request body is typed
  req.body.age;
};
app.post("/things/:id", create);

function show(req: Request<{ id: string }>, res: Response<string, Timed>): void {
  res.locals.startedAt = Date.now();
  res.send(req.params.id);
  // @ts-expect-error Response<string> sends strings
  res.send(42);
}
app.get("/things/:id", show);

// Explicit generics on the routing method.
app.get<{ id: string }, Reply>("/explicit/:id", (req, res) => {
  res.json({ ok: req.params.id.length > 0 });
});

async function asyncHandler(req: express.Request, res: express.Response): Promise<void> {
  await Promise.resolve();
  res.json({ path: req.path });
}
app.get("/async", asyncHandler);

// ---- error handlers ------------------------------------------------------------------------

const onError: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) return next(err);
  res.status(err.status ?? 500).json({ error: String(err.message) });
};
app.use(onError);
app.use((err: Error, req: Request, res: Response, next: NextFunction) => {
  next(err);
});
app.use(((err, req, res, next) => next(err)) satisfies ErrorRequestHandler);

// ---- the other names @types/express exports ------------------------------------------------

const done: Errback = (err) => {
  if (err) console.error(err.message);
};
const plain: Handler = (req, res, next) => next();
const paramHandler: RequestParamHandler = (req, res, next, value: string) => {
  if (!value) return next("route");
  next();
};
const cookie: CookieOptions = { httpOnly: true, sameSite: "strict", secure: true, maxAge: 60_000 };
const media: MediaType = { value: "text/html", quality: 1, type: "text", subtype: "html" };
const booksRoute: IRoute = app.route(["/books", "/livres"]);
const asRouter: IRouter = Router();
const sendJson: Send = (body) => {
  throw new Error(`not sent: ${JSON.stringify(body)}`);
};
function mount<T>(use: IRouterHandler<T>, matcher: IRouterMatcher<T>): void {
  void use;
  void matcher;
}
const locals: Locals = { appName: "typing" }; // Locals is augmented in service.ts
const appType: Application = app;
const expressApp: Express = express();
const typedLocally: express.Application = expressApp;
app.param("id", paramHandler);
app.use(plain);
void [done, cookie, media, booksRoute, asRouter, sendJson, mount, locals, appType, typedLocally];

app.get("/download", (req, res) => {
  res.cookie("seen", "1", cookie);
  res.download("/srv/report.pdf", "report.pdf", done);
});

// ---- statics -----------------------------------------------------------------------------------

app.use(express.json({ limit: "1mb" }));
app.use(express.urlencoded({ extended: true }));
app.use(express.text());
app.use(express.raw({ type: "application/octet-stream" }));
app.use(
  express.static("public", { maxAge: "1d", dotfiles: "ignore", index: ["index.html"], extensions: ["html", "htm"] }),
);
app.use("/api", express.Router());

// ---- mistakes ------------------------------------------------------------------------------------

// @ts-expect-error status takes a number
app.get("/bad", (req, res) => res.status("200"));
// @ts-expect-error no such method
app.get("/bad", (req, res) => res.sendJson({}));
// @ts-expect-error req.query values are not numbers
app.get("/bad", (req) => req.query.page.toFixed());
// @ts-expect-error a handler is a function
app.use("/bad", 42);
// @ts-expect-error no such method
app.use((req, res) => res.nope());
