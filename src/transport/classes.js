// The classes Node's servers create an app's requests and responses with, born with the app's
// prototypes: nothing is set up per request. HTTP/1.1's on IncomingMessage/ServerResponse;
// HTTP/2's, made on the app's first HTTP/2 server or request, on Node's compat classes with
// the app's HTTP/2 prototypes (http2/twins.js).
import { nodeHttp as http, nodeModule } from "../deps.js";
import { http2Support } from "./loaders.js";
import { startHeaderStorage } from "../node-internals/header-storage.js";
import { giveRequestItsShape } from "./request-shape.js";

// An app's classes and HTTP/2 prototypes, each made on first use.
const CLASSES = Symbol("lib-server.classes");
const classesOf = (app) => (app[CLASSES] ??= { request: null, response: null, http2Prototypes: null, http2: null });

export const requestClass = (app) => (classesOf(app).request ??= classOn(http.IncomingMessage, app.request));

export const responseClass = (app) => (classesOf(app).response ??= classOn(http.ServerResponse, app.response));

/** The prototypes an HTTP/2 request and response take in this app. */
export function http2Prototypes(app) {
  const classes = classesOf(app);
  if (classes.http2Prototypes !== null) return classes.http2Prototypes;
  const twins = http2Support();
  return (classes.http2Prototypes = {
    request: twins.requestTwin(app.request),
    response: twins.responseTwin(app.response),
  });
}

export function http2Classes(app) {
  const classes = classesOf(app);
  if (classes.http2 !== null) return classes.http2;
  const { Http2ServerRequest, Http2ServerResponse } = nodeModule("node:http2");
  const { request, response } = http2Prototypes(app);
  return (classes.http2 = {
    Http2ServerRequest: classOn(Http2ServerRequest, request),
    Http2ServerResponse: classOn(Http2ServerResponse, response),
  });
}

// Node's class names, as loggers and util.inspect print Express's objects ("IncomingMessage
// {...}"). Declared names cost nothing per request; a computed one, `{ [Base.name]: class
// extends Base {} }[Base.name]`, costs every request (benchmarks/NOTES.md, "Mounted apps and
// apps behind a function").
// A base of another name (a patched http export) gets an anonymous class.
const classNamedAfter = Object.assign(Object.create(null), {
  IncomingMessage: (Base) =>
    class IncomingMessage extends Base {
      constructor(socket) {
        super(socket);
        giveRequestItsShape(this); // request-shape.js says why
      }
    },
  ServerResponse: (Base) =>
    class ServerResponse extends Base {
      constructor(req, options) {
        super(req, options);
        startHeaderStorage(this); // header-storage.js says why
      }
    },
  Http2ServerRequest: (Base) => class Http2ServerRequest extends Base {},
  Http2ServerResponse: (Base) => class Http2ServerResponse extends Base {},
});
const anonymousClass = (Base) => class extends Base {};

function classOn(Base, prototype) {
  const Derived = (classNamedAfter[Base.name] ?? anonymousClass)(Base);
  Object.setPrototypeOf(Derived.prototype, prototype);
  return Derived;
}
