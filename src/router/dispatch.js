// Dispatch: one request through one router's stack, with Express's semantics. `next` walks
// the chain of candidate layers (chain-index.js); entering a mounted middleware trims its
// prefix off req.url (restored when it calls next); a route runs its handlers for the
// request's method (Route#nextHandler picks them); every handler is called by
// run-handler.js; leaving the router restores what it changed.
import { lookup, treeMatch } from "./chain-index.js";
import { processParams, mergeParams, hasParamCallbacks } from "./params.js";
import { MATCHED_PATH } from "./route.js";
import * as runner from "./run-handler.js";
import * as handlerCall from "../handler-call.js";
import { routingPathOf, protohostOf } from "../url.js";
import * as tracing from "../tracing.js";

// Consts of this module, not imported bindings: optimized code reads an imported binding
// through its module cell at every use (see headers.js), and these are read per layer.
const { runHandler } = runner;
const { handlerArity } = handlerCall;
const { layerChannel, observedHandle, debugging, explainSkip } = tracing;

export function handle(req, res, out) {
  if (typeof out !== "function") throw new TypeError("argument callback is required");
  // One check per router a request walks, none per layer: the walk's class says it.
  const walk = layerChannel.hasSubscribers ? new ObservedWalk(this, req, res, out) : new Walk(this, req, res, out);
  req.baseUrl = walk.parentUrl;
  req.originalUrl = req.originalUrl || walk.url;
  req.next = walk.next;
  walk.nextLayer(undefined);
}

// One request's walk through one router: its state in one object and a single `next`
// function handed to handlers, rather than a closure per helper and per request.
class Walk {
  constructor(router, req, res, out) {
    const url = req.url;
    const path = routingPathOf(url);
    const { chain, treeParams } = path === undefined ? NO_MATCH : lookup(router, path);
    this.router = router;
    this.req = req;
    this.res = res;
    this.out = out;
    this.url = url;
    this.path = path;
    this.protohost = path === undefined ? "" : protohostOf(url);
    this.chain = chain;
    this.treeParams = treeParams;
    this.idx = 0;
    this.depth = 0; // handlers called in a row (run-handler.js)
    this.removed = "";
    this.slashAdded = false;
    this.route = null; // the route whose handlers run, while inside one
    this.routeLayer = null; // its layer in the stack
    this.routeIdx = 0;
    this.routeMethod = "";
    // Methods collected for an automatic answer to an OPTIONS request.
    this.allowed = req.method === "OPTIONS" ? [] : null;
    this.paramsCalled = null; // app.param() values already handled by this router
    this.parentParams = req.params;
    this.parentBaseUrl = req.baseUrl;
    this.parentUrl = req.baseUrl || "";
    this.parentNext = req.next;
    this.next = nextOf(this);
  }

  // What a handler's next(err) does: the route's next handler while inside a route, else the
  // next layer of the chain that takes the request, else leaving the router.
  nextLayer(err) {
    let layerError = err === "route" ? null : err;
    this.restoreUrl();
    // Like router 2, leaving the router waits a tick: code after a handler's next() runs
    // before whatever comes after this router.
    if (layerError === "router") return setImmediate(finishWalk, this, null);
    if (this.route !== null) {
      if (err === "route") this.route = null;
      else if (this.runRoute(layerError)) return;
    }
    // A middleware may have rewritten req.url: look the new path up, keep our place.
    if (this.req.url !== this.url && !this.lookUpRewritten()) return this.finish(layerError);
    if (this.path === undefined) return this.finish(layerError); // a hand-made request without a URL

    const chain = this.chain;
    let skippedLast = false; // the last layer looked at was not entered (router 2 would not enter it)
    while (this.idx < chain.length) {
      const entry = chain[this.idx++];
      if (debugging) this.explainLeftOut(entry.position);
      let match;
      try {
        match = this.matchOf(entry);
      } catch (decodeError) {
        if (debugging) explainSkip(entry.layer, this.req, `a param does not decode (${decodeError.message})`);
        layerError = layerError || decodeError;
        skippedLast = true;
        continue;
      }
      skippedLast = match === null || this.routeRefuses(entry.layer, layerError);
      // A middleware for the other case (error or not): router 2 enters it, and it calls next.
      if (skippedLast || !this.takesPending(entry.layer, layerError)) continue;
      if (this.enterLayer(entry.layer, match, layerError)) return;
      layerError = passedOn(entry.layer, layerError); // it ran nothing: on to the next layer
    }
    this.leave(skippedLast, layerError);
  }

  // After a middleware rewrote req.url: the chain for the new path, from the position the
  // walk had reached. False when the new URL has no path (req.url = "?a"): like Express,
  // that ends this router's walk.
  lookUpRewritten() {
    const position = this.idx > 0 ? this.chain[this.idx - 1].position : -1;
    this.url = this.req.url;
    this.path = routingPathOf(this.url);
    if (this.path === undefined || this.path === "") return false;
    ({ chain: this.chain, treeParams: this.treeParams } = lookup(this.router, this.path));
    this.idx = 0;
    while (this.idx < this.chain.length && this.chain[this.idx].position <= position) this.idx++;
    return true;
  }

  // A chain entry's match for this path, { params, path } or null; throws a param's
  // decode error (a 400).
  matchOf(entry) {
    const { layer } = entry;
    const path = this.path;
    if (layer.matchesAll) return layer.matchRequest(path);
    if (entry.knownMatch)
      return treeMatch(
        entry,
        this.treeParams,
        !this.router.strict && path.length > 1 && path.charCodeAt(path.length - 1) === 47,
      );
    const match = layer.matchRequest(path);
    if (match === null && debugging) explainSkip(layer, this.req, `its path does not match ${path}`);
    return match;
  }

  // Whether `layer` is a route that does not take this request: routes take no errors, and
  // only their methods (an OPTIONS request collects them for the automatic answer).
  routeRefuses(layer, layerError) {
    const route = layer.route;
    if (route === undefined) return false;
    if (layerError) {
      if (debugging) explainSkip(layer, this.req, "an error is pending and routes do not take errors");
      return true;
    }
    // req.method is read here, not once: method-override and friends change it.
    const method = this.req.method;
    // Like router 2, a HEAD request enters a matching route even without a GET or HEAD
    // handler: no handler runs, but req.route and req.params are set (what a metrics
    // middleware reads once the 404 is sent) and app.param() callbacks run.
    if (route._handlesMethod(method) || method === "HEAD") return false;
    if (debugging) explainSkip(layer, this.req, `it has no handler for ${method}`);
    if (this.allowed !== null && method === "OPTIONS") this.allowed.push(...route._methods());
    return true;
  }

  // Whether `layer` takes what is pending: an error handler (4 arguments) an error, any
  // other middleware none. Routes were checked by routeRefuses.
  takesPending(layer, layerError) {
    if (layer.route !== undefined || (layerError ? handlerArity(layer) === 4 : handlerArity(layer) <= 3)) return true;
    if (debugging) {
      explainSkip(
        layer,
        this.req,
        layerError
          ? "an error is pending and it is not an error handler (4 arguments)"
          : "it is an error handler and no error is pending",
      );
    }
    return false;
  }

  // Enters a layer that takes the request: req.route and req.params, app.param() callbacks,
  // then the layer. False when it ran nothing (see runLayer).
  enterLayer(layer, match, layerError) {
    const req = this.req;
    if (layer.route !== undefined) req.route = layer.route;
    req.params = this.router.mergeParams ? mergeParams(match.params, this.parentParams) : match.params;
    if (layer.paramNames.length !== 0 && hasParamCallbacks(this.router))
      return this.runParamsThenLayer(layer, match, layerError);
    return this.runLayer(layer, match, layerError);
  }

  // The app.param() callbacks for the layer's params (params.js), then the layer; true: the
  // walk goes on from their callback.
  runParamsThenLayer(layer, match, layerError) {
    processParams(
      this.router,
      layer,
      this.path,
      this.req,
      this.res,
      (this.paramsCalled ??= new Map()),
      (paramError) => {
        if (paramError) this.nextLayer(layerError || paramError);
        else if (!this.runLayer(layer, match, layerError)) this.nextLayer(passedOn(layer, layerError));
      },
    );
    return true;
  }

  // Runs a matched layer: a route's handlers, or a middleware with its mount path trimmed.
  // False when it runs nothing: a route without a handler for the method (a HEAD request
  // enters it all the same), a mount path that ends mid-segment.
  runLayer(layer, match, layerError) {
    const layerRoute = layer.route;
    if (layerRoute !== undefined) {
      this.route = layerRoute;
      this.routeLayer = layer;
      this.routeIdx = 0;
      this.routeMethod = layerRoute.dispatchMethod(this.req.method);
      if (this.runRoute(undefined)) return true;
      if (debugging) explainSkip(layer, this.req, `it has no handler for ${this.req.method}`);
      return false;
    }
    if (match.path.length !== 0 && !this.trimPrefix(match.path)) return false;
    runHandler(this, layer, layerError);
    return true;
  }

  // Runs the route's next handler for this method; false once the route is exhausted.
  runRoute(layerError) {
    const route = this.route;
    const found = route.nextHandler(this.routeIdx, this.routeMethod, Boolean(layerError));
    if (found === -1) {
      this.route = null;
      return false;
    }
    this.routeIdx = found + 1;
    runHandler(this, route.stack[found], layerError);
    return true;
  }

  // What a trace reports as `route` for a handler of this walk: the path its layer, or its
  // route's, matched.
  tracedRoute(layer) {
    return (this.route === null ? layer : this.routeLayer).pathMatching(this.path);
  }

  // Mounted middleware sees the URL without its mount path, like in Express; false when
  // the matched prefix does not end on a segment boundary.
  trimPrefix(layerPath) {
    const { req, path, protohost } = this;
    const c = path[layerPath.length];
    if (path.slice(0, layerPath.length) !== layerPath) return false;
    if (c !== undefined && c !== "/" && !(c === "." && this.router.mountPathEndsAtDot)) return false;
    this.removed = layerPath;
    req.url = protohost + req.url.slice(protohost.length + layerPath.length);
    if (!protohost && req.url[0] !== "/") {
      req.url = "/" + req.url;
      this.slashAdded = true;
    }
    req.baseUrl = this.parentUrl + (layerPath.endsWith("/") ? layerPath.slice(0, -1) : layerPath);
    return true;
  }

  // Puts back what entering a mounted middleware took off req.url and req.baseUrl.
  restoreUrl() {
    const req = this.req;
    if (this.slashAdded) {
      if (req.url === "/" || req.url.startsWith("/?") || (this.removed.endsWith("/") && req.url[0] === "/"))
        req.url = req.url.slice(1);
      this.slashAdded = false;
    }
    if (this.removed.length !== 0) {
      req.baseUrl = this.parentUrl;
      req.url = this.protohost + this.removed + req.url.slice(this.protohost.length);
      this.removed = "";
    }
  }

  // Out of layers. As router 2: a next() from the stack's last layer leaves a tick later;
  // running out of layers that match leaves at once (Jest's fake timers hold back a
  // setImmediate).
  leave(skippedLast, layerError) {
    const { chain, router } = this;
    if (debugging) this.explainLeftOut(router.stack.length);
    const last = chain[chain.length - 1];
    const tookLast =
      last === undefined ? router.stack.length === 0 : last.position === router.stack.length - 1 && !skippedLast;
    if (tookLast) setImmediate(finishWalk, this, layerError);
    else this.finish(layerError);
  }

  finish(err) {
    const { req, res, allowed } = this;
    if (!err && allowed !== null && allowed.length !== 0) {
      try {
        // Like router 2, answering leaves req.baseUrl and req.params as the walk left them:
        // what a finish listener (a metrics middleware) reads.
        return this.router.sendOptionsResponse(res, allowed);
      } catch (sendError) {
        err = sendError; // headers already sent, as router 2 reports it
      }
    }
    req.baseUrl = this.parentBaseUrl;
    req.next = this.parentNext;
    req.params = this.parentParams;
    this.out(err);
  }

  // NODE_DEBUG=lib-server only: the layers before stack position `end` that the path index
  // left out of the chain are logged as walking the stack would log them, so what is listed
  // does not depend on whether the router has an index.
  explainLeftOut(end) {
    const stack = this.router.stack;
    for (let position = (this.listedUpTo ?? -1) + 1; position < end && position < stack.length; position++) {
      if (!stack[position].inert) explainSkip(stack[position], this.req, `its path does not match ${this.path}`);
    }
    this.listedUpTo = Math.max(this.listedUpTo ?? -1, end);
  }
}

// A walk while someone observes layers ("lib-server.layer", tracing.js): each layer is
// entered through its handle, or the observer's wrapper of it, in one call, a route's too
// (Route#dispatch runs its handlers), as in Express. Error handlers are not observed.
class ObservedWalk extends Walk {
  runLayer(layer, match, layerError) {
    if (layerError) return super.runLayer(layer, match, layerError);
    const isRoute = layer.route !== undefined;
    if (!isRoute && match.path.length !== 0 && !this.trimPrefix(match.path)) return false;
    if (isRoute) this.req[MATCHED_PATH] = layer.pathMatching(this.path);
    runHandler(this, layer, undefined, observedHandle(layer, this.req, this.res));
    return true;
  }
}

const finishWalk = (walk, err) => walk.finish(err);

// The error the walk goes on with past a layer that ran nothing, as router 2 goes on from
// inside it: a route's dispatch calls next(), a mount path next(layerError).
const passedOn = (layer, layerError) => (layer.route !== undefined ? undefined : layerError);

// A walk's `next`, made out here: the same closure made inside the constructor kept every
// request's objects alive through the young generation's collections once the first few were
// promoted, and V8 grew the young generation to its maximum under load (benchmarks/NOTES.md,
// "A closure in a constructor doubled the peak RSS under load").
const nextOf = (walk) => (err) => walk.nextLayer(err);

const NO_MATCH = { chain: [], treeParams: null };

/** The automatic answer to an OPTIONS request: `methodsList`, the routes' methods, in Allow. */
export function answerOptionsRequest(res, methodsList) {
  const allow = [...new Set(methodsList)].sort().join(", ");
  res.setHeader("Allow", allow);
  res.setHeader("Content-Length", Buffer.byteLength(allow));
  res.setHeader("Content-Type", "text/plain");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.end(allow);
}
