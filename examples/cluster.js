// The same app on every core: `node examples/cluster.js` (PORT, WORKERS to override).
// Each worker builds its own app, so keep them stateless: sessions and rate limits belong
// in a shared store (see examples/deploy/). SIGTERM or Ctrl+C drains every worker first.
import Server from "lib-server";
import { cluster } from "lib-server";

function createApp() {
  const app = new Server();
  app.get("/", (req, res) => res.json({ hello: "world", pid: process.pid }));
  app.get("/health", (req, res) => res.send("ok"));
  return app;
}

const served = await cluster(createApp, {
  port: Number(process.env.PORT) || 3000,
  workers: Number(process.env.WORKERS) || undefined,
});
if (served.close) {
  console.log(`${served.workers().length} workers on http://localhost:${served.address.port}`);
}
