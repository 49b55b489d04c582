// cors: simple requests and preflights answer exactly as on Express 5.
import { it, expect } from "vitest";
import cors from "cors";
import { forEachMode, usePair } from "./harness.js";
import { view } from "../helpers/server.js";

const CORS_HEADERS = [
  "access-control-allow-origin",
  "access-control-allow-credentials",
  "access-control-allow-methods",
  "access-control-allow-headers",
  "access-control-expose-headers",
  "access-control-max-age",
  "vary",
  "allow",
  "content-type",
  "content-length",
];

const strict = {
  origin: ["https://app.example", /\.trusted\.example$/],
  credentials: true,
  methods: ["GET", "PUT", "PATCH"],
  allowedHeaders: ["X-Custom", "Content-Type"],
  exposedHeaders: ["X-Total"],
  maxAge: 600,
};

function build(app) {
  app.use("/open", cors());
  app.get("/open/data", (req, res) => res.json({ open: true }));

  // Route-level: the preflight has its own OPTIONS route, as the cors README shows.
  app.options("/item", cors(strict));
  app.put("/item", cors(strict), (req, res) => res.set("X-Total", "3").json({ put: true }));
  app.get("/item", cors(strict), (req, res) => res.send("item"));

  // Preflights for a whole subtree, in Express 5's wildcard syntax.
  app.options("/wild/{*rest}", cors(strict));
  app.patch("/wild/:a/:b", cors(strict), (req, res) => res.json(req.params));

  // preflightContinue: the preflight goes on to the router's own OPTIONS answer.
  app.use("/continue", cors({ preflightContinue: true, methods: "GET" }));
  app.get("/continue/x", (req, res) => res.send("x"));

  // A dynamic origin decided asynchronously, per request.
  const dynamic = cors((req, done) => setImmediate(done, null, { origin: req.get("origin") === "https://ok.example" }));
  app.get("/dynamic", dynamic, (req, res) => res.send("dynamic"));

  // An origin check that fails hands its error to the final handler.
  app.get(
    "/broken",
    cors({ origin: (origin, done) => done(Object.assign(new Error("origin lookup failed"), { status: 503 })) }),
    (req, res) => res.send("unreachable"),
  );
}

const requests = {
  "simple GET with the open policy": { path: "/open/data", headers: { origin: "https://any.example" } },
  "default preflight of the open policy": {
    method: "OPTIONS",
    path: "/open/data",
    headers: {
      origin: "https://any.example",
      "access-control-request-method": "DELETE",
      "access-control-request-headers": "x-a, x-b",
    },
  },
  "preflight with custom methods, headers, credentials and maxAge": {
    method: "OPTIONS",
    path: "/item",
    headers: {
      origin: "https://app.example",
      "access-control-request-method": "PUT",
      "access-control-request-headers": "x-custom",
    },
  },
  "actual request after the preflight exposes headers": {
    method: "PUT",
    path: "/item",
    headers: { origin: "https://app.example", "content-type": "application/json" },
    body: "{}",
  },
  "preflight matched by a {*rest} wildcard route": {
    method: "OPTIONS",
    path: "/wild/x/y",
    headers: { origin: "https://app.example", "access-control-request-method": "PATCH" },
  },
  "PATCH after the wildcard preflight": {
    method: "PATCH",
    path: "/wild/x/y",
    headers: { origin: "https://app.example" },
  },
  "origin matched by RegExp": { path: "/item", headers: { origin: "https://a.trusted.example" } },
  "origin refused: no Allow-Origin, still Vary": { path: "/item", headers: { origin: "https://evil.example" } },
  "no Origin header at all": { path: "/item" },
  "preflightContinue hands OPTIONS to the router": {
    method: "OPTIONS",
    path: "/continue/x",
    headers: { origin: "https://any.example", "access-control-request-method": "GET" },
  },
  "async origin callback, allowed": { path: "/dynamic", headers: { origin: "https://ok.example" } },
  "async origin callback, refused": { path: "/dynamic", headers: { origin: "https://no.example" } },
  "origin callback error reaches the final handler": { path: "/broken", headers: { origin: "https://any.example" } },
};

forEachMode("cors", (mode) => {
  const pair = usePair(build, mode, { expectedErrors: /Error: origin lookup failed/ }); // final handlers log the 503

  for (const [title, req] of Object.entries(requests)) {
    it(title, async () => {
      const [expected, actual] = await pair.both(req);
      expect(view(actual, CORS_HEADERS)).toEqual(view(expected, CORS_HEADERS));
    });
  }

  it("answers the strict preflight with 204 and every configured header", async () => {
    const [, actual] = await pair.both(requests["preflight with custom methods, headers, credentials and maxAge"]);
    expect(actual.status).toBe(204);
    expect(actual.headers).toMatchObject({
      "access-control-allow-origin": "https://app.example",
      "access-control-allow-credentials": "true",
      "access-control-allow-methods": "GET,PUT,PATCH",
      "access-control-allow-headers": "X-Custom,Content-Type",
      "access-control-max-age": "600",
      "content-length": "0",
    });
    expect(actual.headers.vary).toBe("Origin");
  });
});
