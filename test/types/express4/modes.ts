// The two modes side by side: middleware of either plugs into an Express 4 app, and the
// default mode's types stay Express 5's.
import express from "lib-server/express4";
import type { Request as Request4 } from "lib-server/express4";
import Server, { type Request, type RequestHandler } from "lib-server";

const logger: RequestHandler = (req, res, next) => next();
const app = express();
app.use(logger, Server.json());
app.get("/:id", logger, (req, res) => res.send(req.param("id")));

const app5 = Server();
app5.get("/:id", (req, res) => {
  // @ts-expect-error no req.param in the default mode
  req.param("id");
  // @ts-expect-error the default mode's res.json takes the body only
  res.json(200, {});
  res.json({ id: req.params.id });
});
// @ts-expect-error no app.del in the default mode
app5.del("/x", logger);

// Express 4's req is lib-server's, plus its own members.
const widen = (req: Request4): Request => req;
// @ts-expect-error the default mode's req lacks Express 4's members
const narrow = (req: Request): Request4 => req;
export { widen, narrow };
