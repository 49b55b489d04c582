// A CommonJS server of app.js, bundled whole by esbuild and webpack in loaders.test.js: it
// listens on a free port, prints it, and closes on its own after a while.
const app = require("../app.js");

// The helper thread of big directory listings: whether it came online, or failed.
const threads = [];
process.on("worker", (worker) => {
  const thread = { online: false, error: null };
  threads.push(thread);
  worker.once("online", () => (thread.online = true));
  worker.once("error", (error) => (thread.error = String(error)));
});
app.get("/threads", (req, res) => res.json(threads));

const server = app.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ port: server.address().port })));
setTimeout(() => server.close(), 20_000).unref();
process.on("message", () => server.close());
