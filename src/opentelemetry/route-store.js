// The route of a request so far, from the registered paths of the layers it is inside (a
// router mounted at "/api", then its route "/users/:id"): a stack on the request, pushed
// when a layer is entered and popped when it calls next(), with instrumentation-express's
// rules for turning it into `http.route`.

const LAYER_PATHS = Symbol("lib-server.opentelemetry.layerPaths");

/** Records that the request entered a layer registered at `layerPath`; true if recorded. */
export function pushLayerPath(req, layerPath) {
  const paths = (req[LAYER_PATHS] ??= []);
  if (layerPath === undefined) return false;
  paths.push(layerPath);
  return true;
}

export const popLayerPath = (req) => req[LAYER_PATHS].pop();

// "/", "/*" and Express 5 wildcards ("/{*splat}") add nothing to a route.
const isMeaningful = (path) => path !== "/" && path !== "/*" && !/^\/\{[*][^}]*\}$/.test(path);

/** The registered paths joined: the route template ("/api/users/:id"), or "" at the root. */
export function constructedRoute(req) {
  const paths = (req[LAYER_PATHS] ?? []).filter(isMeaningful);
  if (paths.length === 1 && paths[0] === "*") return "*";
  return paths.join("").replace(/\/{2,}/g, "/");
}

/** `http.route`: the constructed route when the URL matches it, otherwise undefined. */
export const matchedRoute = (req) => routeMatching(req.originalUrl, req[LAYER_PATHS] ?? [], constructedRoute(req));

/**
 * instrumentation-express's test of a route constructed from the registered `paths` against
 * the URL (Sentry's Express integration makes the same): the route, or undefined.
 */
export function routeMatching(originalUrl, paths, route) {
  if (paths.length === 0) return undefined;
  if (paths.every((path) => path === "/")) return originalUrl === "/" ? "/" : undefined;
  if (route === "*") return route;
  // RegExp routes and path arrays are kept as they are
  if (route.includes("/") && /[,\\*[]/.test(route)) return route;
  const normalized = route.startsWith("/") ? route : `/${route}`;
  const matches =
    originalUrl === normalized ||
    originalUrl.startsWith(normalized) ||
    normalized.includes(":") ||
    normalized.includes("*");
  return matches ? normalized : undefined;
}
