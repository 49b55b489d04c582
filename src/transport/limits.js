// Safe defaults for servers created by listen() (listen.js) and by the cluster helper's
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
  // HTTP/2 (listen({ http2: true })); its header list is capped at maxHeaderSize too.
  // Node's default stream count is 2^32-1; 100 is RFC 9113's suggested minimum and what
  // browsers expect. An idle session is closed after http2IdleTimeout (GOAWAY).
  http2MaxConcurrentStreams: 100,
  http2MaxHeaderListPairs: 128,
  http2MaxSessionMemory: 10, // MB, per session
  http2IdleTimeout: 60_000,
});
