// Issue 38's lean API stack, shared verbatim by Express 5, Express 4 and lib-server: five
// plain layers (a try/catch guard, a request-id header, a bearer check, three CORS headers,
// the framework's json()) before a route answering with res.json. `framework` is the module
// (express, express4 or lib-server), for its json().
import { bearer } from "../real-world/app.js";

export { TOKEN } from "../real-world/api.js";

export const userOf = (id) => ({ id, name: `user ${id}`, role: "member" });

export const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET,POST",
  "access-control-allow-headers": "authorization,content-type",
};

let lastRequestId = 0;

export const nextRequestId = () => String(++lastRequestId);

function guard(req, res, next) {
  try {
    next();
  } catch (error) {
    next(error);
  }
}

function requestId(req, res, next) {
  res.setHeader("x-request-id", nextRequestId());
  next();
}

function corsHeaders(req, res, next) {
  for (const name in CORS_HEADERS) res.setHeader(name, CORS_HEADERS[name]);
  next();
}

export default function apiLayersApp(app, framework) {
  app.use(guard);
  app.use(requestId);
  app.use(bearer);
  app.use(corsHeaders);
  app.use(framework.json());
  app.get("/users/:id", (req, res) => {
    res.json(userOf(req.params.id));
  });
  return app;
}
