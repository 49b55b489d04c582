// Requests and responses take the prototypes of the app they enter, as in Express: the app's
// own (app.request, app.response) over HTTP/1.1, their HTTP/2 twins over HTTP/2.
import { nodeHttp as http } from "../deps.js";
import { serverClasses, setServerClasses } from "../node-internals/server-classes.js";
import { startHeaderStorage } from "../node-internals/header-storage.js";
import { http2Prototypes, requestClass, responseClass } from "./classes.js";

// The prototypes `req` takes in this app: the HTTP/2 twins for an HTTP/2 request.
const prototypesFor = (app, req) => (req.httpVersionMajor === 2 ? http2Prototypes(app) : app);

/**
 * `req` and `res` enter `app` (a mounted app, or objects Node made with its own classes).
 * Switching an object's prototype costs V8 dearly (a hello world through a mounted app: 5x
 * the instructions), so a mounted app whose prototypes add nothing to its parent's but their
 * `app` (the usual case) only shadows `app` on the objects: the same methods, the same req.app.
 */
export function enterApp(app, req, res) {
  const parent = app.parent;
  if (
    parent !== undefined &&
    req.app === parent &&
    res.app === parent &&
    addsOnlyApp(app.request) &&
    addsOnlyApp(app.response)
  ) {
    shadowApp(req, app);
    shadowApp(res, app);
    return;
  }
  const prototypes = prototypesFor(app, req);
  Object.setPrototypeOf(req, prototypes.request);
  Object.setPrototypeOf(res, prototypes.response);
  startHeaderStorage(res); // as the app's own response class does (classes.js)
  if (Object.hasOwn(req, "app")) req.app = app;
  if (Object.hasOwn(res, "app")) res.app = app;
}

/** Back to the parent app: its prototypes, if entering switched them, and its `app`. */
export function leaveApp(app, parent, req, res) {
  const prototypes = prototypesFor(app, req);
  const parentPrototypes = prototypesFor(parent, req);
  if (Object.getPrototypeOf(req) === prototypes.request) Object.setPrototypeOf(req, parentPrototypes.request);
  if (Object.getPrototypeOf(res) === prototypes.response) Object.setPrototypeOf(res, parentPrototypes.response);
  if (Object.hasOwn(req, "app")) req.app = parent;
  if (Object.hasOwn(res, "app")) res.app = parent;
}

const addsOnlyApp = (prototype) => Reflect.ownKeys(prototype).length === 1;

function shadowApp(object, app) {
  if (Object.hasOwn(object, "app")) object.app = app;
  else Object.defineProperty(object, "app", { configurable: true, enumerable: false, writable: true, value: app });
}

// A server made by `http.createServer(app)` (or https, or supertest) creates plain Node
// objects, and switching each one's prototype costs V8 dearly (a hello world costs 7x the
// instructions). When the server has a single request listener, the app itself or one
// function in front of it (`createServer((req, res) => app(req, res))`), and still uses
// Node's default classes, tell it to create ours instead: later requests arrive ready, as
// with listen(). Requests that listener answers without the app get our classes too, which
// only add methods to Node's (none of Node's is replaced).
const adoptedServers = new WeakSet();

/** Makes `server`, which Node's objects reached `app` from, create the app's own from now on. */
export function adoptServer(app, server) {
  if (!server || adoptedServers.has(server)) return;
  adoptedServers.add(server);
  if (server.listenerCount("request") !== 1) return;
  const current = serverClasses(server);
  if (current.IncomingMessage !== http.IncomingMessage || current.ServerResponse !== http.ServerResponse) return;
  setServerClasses(server, requestClass(app), responseClass(app));
}
