// Safe defaults for servers created by listen() (application.js) and by the cluster helper's
// workers (cluster.js); `new Server({ ... })` overrides them. Slow clients are cut off by the
// header/request timeouts, checked every 2 s.
export const DEFAULT_LIMITS = Object.freeze({
  headersTimeout: 20_000,
  requestTimeout: 120_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 2_000,
  maxHeaderSize: 16_384,
  // No stricter than Node's own request-line-and-headers limit (maxHeaderSize), like Express.
  maxUrlLength: Infinity,
  shutdownTimeout: 10_000,
});
