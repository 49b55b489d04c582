// What instrumentation-express says of an Express layer, said of a lib-server layer: its
// span name, `express.name` and `express.type`, and the path it was registered with. The
// rules (and their quirks, such as a router named after its first route) are
// instrumentation-express's, so that the spans of an app do not change with its framework.

export const LayerType = Object.freeze({
  ROUTER: "router",
  MIDDLEWARE: "middleware",
  REQUEST_HANDLER: "request_handler",
});

const NAME = "express.name";
const TYPE = "express.type";

/**
 * The path a layer was registered with, as instrumentation-express reads it from the
 * arguments of use() or route(): strings as they are, RegExps and numbers as strings, an
 * array's entries joined by commas.
 */
export function registeredPath(layer) {
  const path = layer.rawPath;
  return Array.isArray(path) ? path.map((entry) => pathSegment(entry) ?? "").join(",") : pathSegment(path);
}

const pathSegment = (entry) =>
  typeof entry === "string"
    ? entry
    : entry instanceof RegExp || typeof entry === "number"
      ? entry.toString()
      : undefined;

/** { name, type, attributes } of a layer entered with `route` constructed so far. */
export function layerMetadata(route, layer, layerPath) {
  if (layer.name === "router") {
    const routerPath = firstRoutePath("", layer) || layerPath || route || "/";
    return describe(`router - ${routerPath}`, routerPath, LayerType.ROUTER);
  }
  // A route's layer (its handle is named "handle", as in Express 5), or a middleware of that
  // name. instrumentation-express adds " - <route>" when the layer has a `path`, which router
  // 2.3 (Express 5.3) layers no longer have.
  if (layer.name === "handle" || layer.name === "bound dispatch") {
    return describe("request handler", (route || layerPath) ?? "request handler", LayerType.REQUEST_HANDLER);
  }
  return describe(`middleware - ${layer.name}`, layer.name, LayerType.MIDDLEWARE);
}

const describe = (name, expressName, type) => ({ name, type, attributes: { [NAME]: expressName, [TYPE]: type } });

// instrumentation-express names a router after the path of the first route it holds
// (looking into nested routers), prefixed by `path`.
function firstRoutePath(path, layer) {
  const first = layer.handle?.stack?.[0];
  if (first?.route?.path) return `${path}${first.route.path}`;
  if (first?.handle?.stack) return firstRoutePath(path, first);
  return path;
}

/** True when ignoreLayers or ignoreLayersType leave this layer without a span. */
export function isLayerIgnored(name, type, { ignoreLayers, ignoreLayersType }) {
  if (Array.isArray(ignoreLayersType) && ignoreLayersType.includes(type)) return true;
  if (!Array.isArray(ignoreLayers)) return false;
  try {
    return ignoreLayers.some((pattern) => matches(name, pattern));
  } catch {
    return false; // a pattern of another type: instrumentation-express ignores the rest
  }
}

function matches(name, pattern) {
  if (typeof pattern === "string") return pattern === name;
  if (pattern instanceof RegExp) return pattern.test(name);
  if (typeof pattern === "function") return pattern(name);
  throw new TypeError("Pattern is in unsupported datatype");
}
