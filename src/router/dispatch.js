// Dispatch: one request through one router's stack, with Express's semantics. `next` walks
// the chain of candidate layers (chain-index.js); entering a mounted middleware trims its
// prefix off req.url (restored when it calls next); a route runs its handlers for the
// request's method through Route#nextHandler; leaving the router restores what it changed.
import { callHandler } from "./layer.js";
import { lookup, treeMatch } from "./chain-index.js";
import { processParams, mergeParams, hasParamCallbacks } from "./params.js";
import { routingPathOf, protohostOf } from "../url.js";
import { handlerChannel, tracedCall, debugging, explainSkip } from "../tracing.js";

export function handle(req, res, out) {
  if (typeof out !== "function") throw new TypeError("argument callback is required");
  const router = this;
  let url = req.url;
  let path = routingPathOf(url);
  const protohost = path === undefined ? "" : protohostOf(url);
  let { chain, treeParams } = path === undefined ? NO_MATCH : lookup(router, path);

  let idx = 0;
  let sync = 0;
  let removed = "";
  let slashAdded = false;
  let route = null; // the route whose handlers run, while inside one
  let routeLayer = null; // its layer in the stack
  let routeIdx = 0;
  let routeMethod = "";
  // Methods collected for an automatic answer to an OPTIONS request.
  const allowed = req.method === "OPTIONS" ? [] : null;
  let paramsCalled = null; // app.param() values already handled by this router
  const parentParams = req.params;
  const parentBaseUrl = req.baseUrl;
  const parentUrl = parentBaseUrl || "";
  const parentNext = req.next;

  req.baseUrl = parentUrl;
  req.originalUrl = req.originalUrl || url;
  req.next = next;
  next();

  function next(err) {
    let layerError = err === "route" ? null : err;
    restoreUrl();
    // Like router 2, leaving the router waits a tick: code after a handler's next() runs
    // before whatever comes after this router.
    if (layerError === "router") return setImmediate(done, null);

    if (route !== null) {
      if (err === "route") route = null;
      else if (runRoute(layerError)) return;
    }

    // A middleware may have rewritten req.url: look the new path up, keep our place.
    if (req.url !== url) {
      const position = idx > 0 ? chain[idx - 1].position : -1;
      url = req.url;
      path = routingPathOf(url);
      // Like Express: a URL with no path left (req.url = "?a") ends this router's walk.
      if (path === undefined || path === "") return done(layerError);
      ({ chain, treeParams } = lookup(router, path));
      idx = 0;
      while (idx < chain.length && chain[idx].position <= position) idx++;
    }
    if (path === undefined) return done(layerError); // a hand-made request without a URL

    while (idx < chain.length) {
      const entry = chain[idx++];
      const layer = entry.layer;
      let match;
      if (layer.matchesAll) match = layer.match(path);
      else if (entry.sure) match = treeMatch(entry, treeParams, !router.strict && path.length > 1 && path.charCodeAt(path.length - 1) === 47);
      else {
        try {
          match = layer.match(path);
        } catch (decodeError) {
          if (debugging) explainSkip(layer, req, `a param does not decode (${decodeError.message})`);
          layerError = layerError || decodeError;
          continue;
        }
        if (match === null) {
          if (debugging) explainSkip(layer, req, `its path does not match ${path}`);
          continue;
        }
      }

      const layerRoute = layer.route;
      if (layerRoute !== undefined) {
        if (layerError) {
          if (debugging) explainSkip(layer, req, "an error is pending and routes do not take errors");
          continue;
        }
        // req.method is read here, not once: method-override and friends change it.
        const method = req.method;
        if (!layerRoute.handlesMethod(method)) {
          if (debugging) explainSkip(layer, req, `it has no handler for ${method}`);
          if (allowed !== null && method === "OPTIONS") allowed.push(...layerRoute.allowedMethods());
          continue;
        }
        req.route = layerRoute;
      } else if (layerError ? layer.handle.length !== 4 : layer.handle.length > 3) {
        if (debugging)
          explainSkip(
            layer,
            req,
            layerError ? "an error is pending and it is not an error handler (4 arguments)" : "it is an error handler and no error is pending",
          );
        continue;
      }

      req.params = router.mergeParams ? mergeParams(match.params, parentParams) : match.params;
      if (layer.keys.length !== 0 && hasParamCallbacks(router)) {
        return processParams(router, layer, req, res, (paramsCalled ??= new Map()), (paramError) => {
          if (paramError) return next(layerError || paramError);
          enter(layer, match, layerError);
        });
      }
      if (++sync > 100) {
        idx--;
        return setImmediate(next, layerError);
      }
      enter(layer, match, layerError);
      sync = 0;
      return;
    }
    setImmediate(done, layerError);
  }

  // Puts back what entering a mounted middleware took off req.url and req.baseUrl.
  function restoreUrl() {
    if (slashAdded) {
      if (req.url === "/" || req.url.startsWith("/?") || (removed.endsWith("/") && req.url[0] === "/")) req.url = req.url.slice(1);
      slashAdded = false;
    }
    if (removed.length !== 0) {
      req.baseUrl = parentUrl;
      req.url = protohost + removed + req.url.slice(protohost.length);
      removed = "";
    }
  }

  // Mounted middleware sees the URL without its mount path, like in Express; false when
  // the matched prefix does not end on a segment boundary.
  function trimPrefix(layerPath) {
    const c = path[layerPath.length];
    if (path.slice(0, layerPath.length) !== layerPath || (c !== undefined && c !== "/")) return false;
    removed = layerPath;
    req.url = protohost + req.url.slice(protohost.length + removed.length);
    if (!protohost && req.url[0] !== "/") {
      req.url = "/" + req.url;
      slashAdded = true;
    }
    req.baseUrl = parentUrl + (removed.endsWith("/") ? removed.slice(0, -1) : removed);
    return true;
  }

  // Runs the route's next handler for this method; false once the route is exhausted.
  function runRoute(layerError) {
    const found = route.nextHandler(routeIdx, routeMethod, Boolean(layerError));
    if (found === -1) {
      route = null;
      return false;
    }
    routeIdx = found;
    if (++sync > 100) {
      setImmediate(next, layerError);
      return true;
    }
    routeIdx = found + 1;
    invoke(routeLayer, route.stack[found].handle, layerError);
    sync = 0;
    return true;
  }

  function enter(layer, match, layerError) {
    const layerRoute = layer.route;
    if (layerRoute !== undefined) {
      route = layerRoute;
      routeLayer = layer;
      routeIdx = 0;
      routeMethod = layerRoute.dispatchMethod(req.method);
      if (!runRoute(undefined)) next();
      return;
    }
    if (match.path.length !== 0 && !trimPrefix(match.path)) return next(layerError);
    invoke(layer, layer.handle, layerError);
  }

  function invoke(layer, fn, layerError) {
    if (handlerChannel.hasSubscribers) tracedCall(layer, fn, layerError, req, res, next);
    else callHandler(fn, layerError, req, res, next);
  }

  function done(err) {
    req.baseUrl = parentBaseUrl;
    req.next = parentNext;
    req.params = parentParams;
    if (!err && allowed !== null && allowed.length !== 0) {
      try {
        return answerOptionsRequest(res, allowed);
      } catch (sendError) {
        return out(sendError); // headers already sent, as router 2 reports it
      }
    }
    out(err);
  }
}

const NO_MATCH = { chain: [], treeParams: null };

function answerOptionsRequest(res, methodsList) {
  const allow = [...new Set(methodsList)].sort().join(", ");
  res.setHeader("Allow", allow);
  res.setHeader("Content-Length", Buffer.byteLength(allow));
  res.setHeader("Content-Type", "text/plain");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.end(allow);
}
