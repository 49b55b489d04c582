// The example app behind `npm start`: a small JSON API plus the static site in
// examples/public/, on port 3000 (or $PORT). Written exactly as an Express 5 app would be.
import Server from "lib-server";

const app = new Server();
const publicDir = new URL("./public", import.meta.url).pathname;
const port = Number(process.env.PORT) || 3000;

// In-memory data for the API.
const todos = new Map([
  [1, { id: 1, title: "Try lib-server", done: true }],
  [2, { id: 2, title: "Swap the express import", done: false }],
]);
let nextId = 3;

app.use(Server.json({ limit: "10kb" }));

app.get("/api/health", (req, res) => res.json({ status: "ok", uptime: process.uptime() }));
app.get("/api/todos", (req, res) => {
  const list = [...todos.values()];
  res.json(req.query.done === undefined ? list : list.filter((t) => String(t.done) === req.query.done));
});
app.get("/api/todos/:id", (req, res) => {
  const todo = todos.get(Number(req.params.id));
  if (!todo) return res.status(404).json({ error: "not found" });
  res.json(todo);
});
app.post("/api/todos", (req, res) => {
  const title = req.body?.title;
  if (typeof title !== "string" || title.length === 0) return res.status(400).json({ error: "title is required" });
  const todo = { id: nextId++, title, done: false };
  todos.set(todo.id, todo);
  res.status(201).location(`/api/todos/${todo.id}`).json(todo);
});
app.delete("/api/todos/:id", (req, res) => {
  res.sendStatus(todos.delete(Number(req.params.id)) ? 204 : 404);
});

app.use(Server.static(publicDir, { listing: true }));

// JSON errors for the API (bad JSON bodies land here with status 400).
app.use((err, req, res, next) => {
  if (res.headersSent) return next(err);
  res.status(err.status || 500).json({ error: err.expose ? err.message : "internal error" });
});

app.listen(port, () => console.log(`lib-server example on http://localhost:${port}`));
