// Every runtime value lib-server declares, imported by name: tsc proves each is declared as
// a value, test/exports.test.js proves the ES module exports exactly these and that
// require("lib-server") offers each of them.
import Server, {
  Server as NamedServer,
  Router,
  Route,
  Request,
  Response,
  json,
  urlencoded,
  text,
  raw,
  serveStatic,
  compose,
  Context,
  cluster,
} from "lib-server";

export const declaredValues = [
  Server,
  NamedServer,
  Router,
  Route,
  Request,
  Response,
  json,
  urlencoded,
  text,
  raw,
  serveStatic,
  compose,
  Context,
  cluster,
];
