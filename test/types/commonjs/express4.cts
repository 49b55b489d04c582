// CommonJS (module nodenext, a .cts file): `import express = require("lib-server/express4")`
// gives the Express 4 mode's factory, and its namespace its types.
import express = require("lib-server/express4");
import assert = require("node:assert");

const app: express.Application = express();
const router: express.Router = express.Router();
const handler: express.RequestHandler<{ id: string }> = (
  req: express.Request<{ id: string }>,
  res: express.Response,
  next: express.NextFunction,
) => {
  if (!req.param("id")) return next();
  res.send(201, req.params.id);
};
router.get("/:id", handler);
app.use("/r", router);
app.del("/r/:id", (req, res) => res.redirect("/r", 303));
const onError: express.ErrorRequestHandler = (err, req, res, next) => next(err);
app.use(onError);

// The declared shape is the runtime's (test/types/emit.test.js runs this file).
assert.equal(express.application, Object.getPrototypeOf(app));
assert.equal(typeof express.Router, "function");
assert.equal(typeof app.del, "function");
assert.ok(Array.isArray(app._router.stack));
