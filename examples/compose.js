// compose(): middleware as small functions of a context that return the response.
// Run: node examples/compose.js, then
//   curl localhost:3000/users/1 -H "authorization: t"   → {"id":"1","name":"Ada"}
//   curl localhost:3000/users/9 -H "authorization: t"   → 404 {"error":"no user 9"}
//   curl localhost:3000/users/1                         → 401 {"error":"no token"}
//   curl localhost:3000/health                          → ok
import Server, { compose } from "lib-server";

const users = new Map([["1", { id: "1", name: "Ada" }]]);

class NotFound extends Error {
  status = 404;
}

// Steps get a context and return nothing to go on, or the response to stop.
const auth = (ctx) => {
  if (!ctx.get("authorization")) return ctx.status(401).json({ error: "no token" });
};

const loadUser = async (ctx) => {
  await new Promise((resolve) => setTimeout(resolve, 5)); // a database would be here
  const user = users.get(ctx.params.id);
  if (!user) throw new NotFound(`no user ${ctx.params.id}`);
  ctx.state.user = user;
};

// Turns failures of the steps before it into JSON answers.
const jsonErrors = compose.catch((err, ctx) => ctx.status(err.status ?? 500).json({ error: err.message }));

const app = new Server();

app.use(
  compose((ctx) => {
    ctx.set("x-served-by", "compose");
  }),
);
app.get(
  "/users/:id",
  compose(auth, loadUser, (ctx) => ctx.state.user, jsonErrors),
);
// Sync-only and without per-step error handling: nothing to await, no catch steps.
app.get(
  "/health",
  compose({ errors: false }, () => "ok"),
);

const port = Number(process.env.PORT) || 3000;
app.listen(port, () => console.log(`compose example on http://localhost:${port}`));
