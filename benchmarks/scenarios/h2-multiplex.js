// A page's 32 assets from lib-server's static module, over TLS as a browser fetches
// them: h2 multiplexing them on one connection, against HTTP/1.1 on six (the
// per-host connection limit of browsers), from the same server on the same port.
import { servers } from "./servers.js";
import { ASSETS, ASSETS_ROOT, TLS_ENV, ensureAssets } from "./h2-fixtures.js";

const request = { path: ASSETS[0].path, paths: ASSETS.map((asset) => asset.path) };
// Every asset is checked against its file before the runs (lib/clients.js).
const expect = { status: 200, bodyRoot: ASSETS_ROOT };

export default {
  name: "h2-multiplex",
  title: "32 static assets over TLS: h2 on 1 connection against HTTP/1.1 on 6",
  client: "h2load",
  tls: true,
  prepare: ensureAssets,
  env: { ...TLS_ENV, STATIC_ROOT: ASSETS_ROOT },
  servers: servers("h2", [{ name: "lib-server", label: "lib-server static (listen, http2: true)" }]),
  cases: [
    { name: "h2", title: "h2: 1 connection × 32 concurrent streams", connections: 1, streams: 32, request, expect },
    { name: "http1", title: "HTTP/1.1: 6 connections", connections: 6, protocol: "http/1.1", request, expect },
  ],
};
