// An Express 4 service typed as against @types/express 4, importing "express": here
// lib-server-express4 (see tsconfig.json). Inline handlers get the Express 4 mode's req and res,
// with what Express 5 removed; misuse must not type-check.
import express, { Request, Response, NextFunction, RequestHandler, ErrorRequestHandler, Router } from "express";

import { json as jsonParser, static as serveStatic, Router as makeRouter } from "express";

const app = express();
app.use(jsonParser({ limit: "1mb" }), serveStatic("assets"), makeRouter());
app.use(express.json(), express.urlencoded({ extended: true }), express.query({}));
app.use("/public", express.static("public"));

// Path parameters of path-to-regexp 0.1's syntax.
app.get("/users/:id", (req, res) => {
  const id: string = req.params.id;
  res.json(200, { id, name: req.param("id") }); // status first
});
app.get("/posts/:slug?", (req, res) => {
  const slug: string | undefined = req.params.slug;
  res.send(slug ?? "none");
});
app.get("/items/:id(\\d+)", (req, res) => {
  const id: string = req.params.id;
  res.jsonp({ id }, 201); // status last
});
app.get("/files/*", (req, res) => res.sendfile(req.params[0], { root: "public" }));
// @ts-expect-error no parameter named "idd" in "/users/:id"
app.get("/users/:id", (req) => req.params.idd);

// Express 4's members that Express 5 removed.
app.del("/items/:id", (req, res) => res.send(204));
app.get("/old", (req, res) => res.redirect("/new", 301));
app.get("/back", (req, res) => res.redirect("back"));
app.get("/negotiate", (req, res) => {
  const charset: string | false = req.acceptsCharset("utf-8");
  const encoding: string | false = req.acceptsEncoding("gzip", "br");
  const languages: string[] = req.acceptsLanguage();
  const host: string = req.host;
  res.send(200, { charset, encoding, languages, host });
});
app.param((name, matcher) => (req, res, next, value) => (matcher.test(value) ? next() : next("route")));
app.param("id", (req, res, next, id) => {
  req.param("id");
  next();
});
// json-server's way: req.query edited in place and assigned.
app.use((req, res, next) => {
  delete req.query._sort;
  req.query = { ...req.query, _page: "1" };
  next();
});
const stackSize: number = app._router.stack.length;
app.lazyrouter();
// @ts-expect-error app.router throws since Express 4
app.router.stack;

// Handlers typed with the names @types/express exports.
const auth: RequestHandler<{ id: string }> = (req, res, next) => (req.param("token") ? next() : res.send(401));
const show = (req: Request<{ id: string }>, res: Response, next: NextFunction) => res.json({ id: req.params.id });
const router: Router = express.Router({ mergeParams: true });
router.get("/:id", auth, show);
router.param((name: string, matcher: RegExp) => undefined);
router
  .route("/:id/tags/:tag")
  .get((req, res) => res.send(req.params.tag))
  .put((req, res) => res.json(req.params.id, 200));
app.use("/api/:version", router);

const onError: ErrorRequestHandler = (err, req, res, next) => res.json(500, { error: err.message });
app.use(onError);
// @ts-expect-error res.send(status) takes a number, not a string, as the status
app.get("/x", (req, res) => res.send("a", "b"));

export const server = app.listen(3000, () => stackSize);
