// Prometheus metrics for a lib-server app: per-route request durations on /metrics.
//   node examples/prometheus/server.js   then   curl localhost:3000/api/users/7
//   and   curl localhost:3000/metrics
// The same app.js runs unchanged on Express 5 (test/observability/prometheus.test.js).
import Server from "lib-server";
import { buildApp } from "./app.js";

const port = Number(process.env.PORT) || 3000;
buildApp(Server).listen(port, () => console.log(`prometheus example on http://localhost:${port}/metrics`));
