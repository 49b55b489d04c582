// A request of ours is made with every property lib-server gives it later (the app, the router,
// a body being read), so that it keeps one shape from the first middleware to the answer.
// Each property added mid-request gives it another V8 map; code that every middleware shares
// (Node's req.headers getter, its stream and event code) sees them all, and past four maps its
// property accesses go megamorphic, which a real API's stack pays on every request
// (PERFORMANCE.md, "Requests born with their shape"). The values are those read before:
// undefined, as before the property is set. A leaf (imports nothing): the body parsers, loaded
// on first use, take their slot's symbol from here.

/** Where body/read.js keeps a request's Collector while it reads the body. */
export const kCollector = Symbol("lib-server.bodyCollector");

export function giveRequestItsShape(req) {
  req.res = undefined; // application.js
  req.baseUrl = undefined; // router/dispatch.js, from here on
  req.originalUrl = undefined;
  req.next = undefined;
  req.params = undefined;
  req.route = undefined;
  req[kCollector] = null; // body/read.js, while a body is read
  // A new request's listener count is EventEmitter.prototype's 0 until its first listener
  // makes it an own property: another map. Owning it from the start changes nothing else
  // (the same value; a count already its own stays as it is).
  // eslint-disable-next-line no-self-assign -- read from the prototype, written as its own
  req._eventsCount = req._eventsCount;
}
