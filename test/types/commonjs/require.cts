// CommonJS consumers (module nodenext, a .cts file): `import express = require("lib-server")`
// gives the Server factory with its statics, and its namespace gives the types. Compiled by
// tsconfig.json; test/types/emit.test.js also emits and runs it.
import express = require("lib-server");
import assert = require("node:assert");

const app: express.Application = express();
const app2: express.Express = new express();
const router: express.Router = express.Router({ mergeParams: true });
const route: express.Route = new express.Route("/x");

const handler: express.RequestHandler<{ id: string }> = (
  req: express.Request<{ id: string }>,
  res: express.Response,
  next: express.NextFunction,
) => {
  if (!req.params.id) return next();
  res.json({ id: req.params.id });
};
router.get("/:id", handler);
app.use("/r", router);
app.use(express.json(), express.urlencoded({ extended: false }), express.text(), express.raw());
app.use("/s", express.static("public", { index: false }), express.serveStatic("public"));
app.get(
  "/c",
  express.compose(async (ctx: express.Context) => ({ path: ctx.req.path })),
);
const onError: express.ErrorRequestHandler = (err, req, res, next) => next(err);
app.use(onError);

// Every named export of the ES module is a property of the CommonJS export.
assert.equal(express.default, express);
assert.equal(express.Server, express);
assert.equal(express.Router.Route, express.Route);
assert.equal(express.application, Object.getPrototypeOf(app));
assert.equal(typeof express.cluster, "function");
assert.equal(typeof express.Context, "function");
assert.equal(express.Request.prototype, express.request);
assert.equal(express.Response.prototype, express.response);
assert.equal(route.path, "/x");
assert.equal(typeof app2.listen, "function");
