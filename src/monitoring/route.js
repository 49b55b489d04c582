// The route of a request as the APM agents build it for Express ("/api/items/:itemId"): the
// registered paths of the routers and mounted apps it is inside, then its route's path. Their
// Express instrumentations wrap each layer's handle to keep that stack; an adapter asks
// trackRoutes() for the same, through the "lib-server.layer" channel, on which the router
// offers each layer's handle for wrapping only while someone subscribes.
import dc from "node:diagnostics_channel";
import { registeredPath } from "../opentelemetry/layer-metadata.js";

const layerChannel = dc.channel("lib-server.layer");
const MOUNTS = Symbol("lib-server.monitoring.mounts");
// layer -> { handle, tracked }: one wrapper per layer, made again if its handle is replaced.
const wrappers = new WeakMap();

let tracking = false;

/** Keeps, from now on, the stack of mount paths routeOf() reads. Idempotent. */
export function trackRoutes() {
  if (tracking) return;
  tracking = true;
  layerChannel.subscribe(onLayer);
}

function onLayer(message) {
  const { layer, handle } = message;
  if (layer.route !== undefined) return; // a route's own path is read off req.route
  let wrapper = wrappers.get(layer);
  if (wrapper === undefined || wrapper.handle !== handle) {
    wrapper = { handle, tracked: trackedHandle(handle, registeredPath(layer) ?? "/") };
    wrappers.set(layer, wrapper);
  }
  message.handle = wrapper.tracked;
}

// The layer's path is on the stack from the time the request enters it until it calls next().
function trackedHandle(handle, path) {
  return function routeTracked(req, res, next) {
    const mounts = (req[MOUNTS] ??= []);
    const depth = mounts.push(path);
    return handle(req, res, function leaveLayer() {
      mounts.length = depth - 1;
      return next.apply(this, arguments);
    });
  };
}

// "/", "/*" and Express 5 wildcards ("/{*splat}") add nothing to a route.
const addsNothing = (path) => path === "/" || path === "/*" || /^\/\{[*][^}]*\}$/.test(path);

const pathText = (path) => (Array.isArray(path) ? path.map(String).join(",") : String(path));

/**
 * The route template of the request so far: mount paths, then the matched route's path
 * ("/api/items/:itemId"); undefined if it matched no route. Call trackRoutes() first.
 */
export function routeOf(req) {
  const route = req.route;
  if (route === undefined) return undefined;
  const mounts = (req[MOUNTS] ?? []).filter((path) => !addsNothing(path));
  const joined = [...mounts, pathText(route.path)].join("").replace(/\/{2,}/g, "/");
  return joined.startsWith("/") ? joined : `/${joined}`;
}
