// Prints a timeline of every request: which middleware and handlers ran, where they are
// mounted, when each started (and when an async one settled), and what failed.
//   node examples/tracing.js   then   curl localhost:3000/api/items/7   (or /api/fail)
// The same subscribers work on Express 5.3, which publishes "express.router.request" too.
// For OpenTelemetry spans, lib-server/opentelemetry subscribes for you: run this app with
// `node --require ./examples/opentelemetry.cjs examples/tracing.js` to see both.
import dc from "node:diagnostics_channel";
import Server from "lib-server";

const timelines = new WeakMap(); // request → { started, steps }
const since = (t0) => `+${(performance.now() - t0).toFixed(2)} ms`.padStart(10);

dc.subscribe("lib-server.request.start", ({ request }) => {
  timelines.set(request, { started: performance.now(), steps: [] });
});

dc.tracingChannel("express.router.request").subscribe({
  start(ctx) {
    const timeline = timelines.get(ctx.req);
    if (!timeline) return;
    ctx.step = { at: since(timeline.started), text: `${ctx.name} at ${ctx.mountPath || "/"} (${ctx.route})` };
    timeline.steps.push(ctx.step);
  },
  end() {},
  asyncStart() {},
  asyncEnd(ctx) {
    const timeline = timelines.get(ctx.req);
    if (timeline && ctx.step) ctx.step.text += `, settled ${since(timeline.started).trim()}`;
  },
  error(ctx) {
    const timeline = timelines.get(ctx.req);
    if (timeline)
      timeline.steps.push({
        at: since(timeline.started),
        text: `error from ${ctx.name}: ${ctx.error?.message ?? ctx.error}`,
      });
  },
});

dc.subscribe("lib-server.request.end", ({ request, response }) => {
  const timeline = timelines.get(request);
  if (!timeline) return;
  console.log(
    `${request.method} ${request.originalUrl} → ${response.statusCode} in ${(performance.now() - timeline.started).toFixed(2)} ms`,
  );
  for (const step of timeline.steps) console.log(`  ${step.at}  ${step.text}`);
});

const app = Server();
app.use(function logger(req, res, next) {
  next();
});
const api = Server.Router();
api.get("/items/:id", async function loadItem(req, res) {
  await new Promise((resolve) => setTimeout(resolve, 5)); // a database, say
  res.json({ id: req.params.id });
});
api.get("/fail", function failing() {
  throw new Error("something broke");
});
app.use("/api", api);
app.use(function errorPage(err, req, res, next) {
  res.status(500).json({ error: err.message });
});

const port = Number(process.env.PORT) || 3000;
app.listen(port, () => console.log(`tracing example on http://localhost:${port}/api/items/7`));
