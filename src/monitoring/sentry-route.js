// The route of a request as Sentry's Express integration builds it (@sentry/server-utils,
// integrations/express/route.js): the registered paths of the layers the request is inside,
// pushed when it enters one and popped when that layer calls next(), joined with Sentry's
// rules, which are not quite instrumentation-express's (src/opentelemetry/route-store.js).

import { routeMatching } from "../opentelemetry/route-store.js";

const LAYER_PATHS = Symbol("lib-server.monitoring.sentryLayerPaths");

const pathsOf = (req) => (req[LAYER_PATHS] ??= []);

export const pushLayerPath = (req, path) => pathsOf(req).push(path);

export const popLayerPath = (req) => pathsOf(req).pop();

/** The registered paths joined ("/api/items/:itemId"), "" at the root. */
export function constructedRoute(req) {
  let route = "";
  for (const path of pathsOf(req)) {
    if (path === "/" || path === "/*") continue;
    route += !route || route.endsWith("/") ? path : `/${path}`;
  }
  return route.replace(/\/{2,}/g, "/");
}

/** `http.route`: the constructed route when the URL matches it, otherwise undefined. */
export const matchedRoute = (req, route) =>
  routeMatching(typeof req.originalUrl === "string" ? req.originalUrl : "", pathsOf(req), route);
