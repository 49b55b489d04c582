// Per-route request durations for Prometheus, the prom-client recipe Express apps use:
// a histogram labelled method / route / status_code, observed when the response finishes.
import client from "prom-client";

/** The route template a request matched ("/api/users/:id"), not its URL: one series per route. */
export function routeLabel(req) {
  // Read at "finish": by then the router has set req.route, and req.baseUrl is the mount
  // path of the router whose route answered. An error answered outside that router finds
  // it restored, as on Express: "" in an app's error handler, undefined in the final handler.
  // A request no route took gets one shared value, so that scanners probing random URLs
  // cannot create a series each.
  return req.route ? `${req.baseUrl ?? ""}${req.route.path}` : "(unmatched)";
}

/**
 * `measure`: middleware timing every request after it; `serve`: the /metrics handler.
 * Each call has its own registry (prom-client's global one would clash between two apps
 * in one process).
 */
export function requestMetrics({
  registry = new client.Registry(),
  buckets = [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
} = {}) {
  const duration = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Duration of HTTP requests in seconds, by method, route and status code",
    labelNames: ["method", "route", "status_code"],
    buckets,
    registers: [registry],
  });

  function measure(req, res, next) {
    const stop = duration.startTimer();
    res.on("finish", () => stop({ method: req.method, route: routeLabel(req), status_code: res.statusCode }));
    next();
  }

  async function serve(req, res) {
    res.set("Content-Type", registry.contentType);
    res.send(await registry.metrics());
  }

  return { measure, serve, registry };
}
