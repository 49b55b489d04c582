// Prometheus label sets on Express 5 and lib-server for the same requests: the prom-client
// recipe of examples/prometheus/ and express-prom-bundle, which read req.route, req.baseUrl
// and req.originalUrl when the response finishes. Timings differ; labels and counts must not.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import express from "express";
import client from "prom-client";
import promBundle from "express-prom-bundle";
import Server from "../../src/index.js";
import { buildApp, addRoutes } from "../../examples/prometheus/app.js";
import { start, request } from "../helpers/server.js";

const FRAMEWORKS = { express, "lib-server": Server };

// Every kind of route the apps have, plus errors and 404s; "/api/users/7" twice for a count of 2.
const REQUESTS = [
  "/",
  "/api/users",
  "/api/users/7",
  "/api/users/7",
  "/api/users/x",
  "/api/users/7/orders/3?full=1",
  { method: "DELETE", path: "/api/users/7/orders/3" },
  { method: "HEAD", path: "/api/users/7" },
  { method: "POST", path: "/api/users/7" },
  "/api/fail",
  "/api/nowhere",
  "/admin/stats",
  "/admin/nothing",
  "/USERS/7",
  "/not/found/at/all",
];

/** `{labels} count` of every `<metric>_count` series in a /metrics text, sorted. */
function countsOf(text, metric) {
  const prefix = `${metric}_count{`;
  return text
    .split("\n")
    .filter((line) => line.startsWith(prefix))
    .sort();
}

/** Starts `buildApp` on each framework, sends REQUESTS, resolves to each side's /metrics text. */
async function scrapeBoth(buildApp) {
  const texts = {};
  for (const [name, createApp] of Object.entries(FRAMEWORKS)) {
    const server = await start(buildApp(createApp));
    try {
      for (const req of REQUESTS) await request(server, req);
      texts[name] = (await request(server, "/metrics")).text;
    } finally {
      await server.close();
    }
  }
  return texts;
}

describe("the prom-client recipe (examples/prometheus)", () => {
  let texts;
  beforeAll(async () => {
    texts = await scrapeBoth(buildApp);
  });

  it("has the same method/route/status_code series, with the same counts, as on Express", () => {
    expect(countsOf(texts["lib-server"], "http_request_duration_seconds")).toEqual(
      countsOf(texts.express, "http_request_duration_seconds"),
    );
  });

  it("labels routes by their template, unmatched requests with one value", () => {
    const series = countsOf(texts["lib-server"], "http_request_duration_seconds");
    expect(series).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/users/:id",status_code="200"} 2',
    );
    expect(series).toContain(
      'http_request_duration_seconds_count{method="HEAD",route="/api/users/:id",status_code="200"} 1',
    );
    expect(series).toContain(
      'http_request_duration_seconds_count{method="DELETE",route="/api/users/:id/orders/:orderId",status_code="204"} 1',
    );
    expect(series).toContain(
      'http_request_duration_seconds_count{method="GET",route="/admin/stats",status_code="200"} 1',
    );
    expect(series).toContain(
      'http_request_duration_seconds_count{method="GET",route="(unmatched)",status_code="404"} 4',
    );
    // Express restores req.baseUrl before an app-level error handler runs: the mount path is lost.
    expect(series).toContain('http_request_duration_seconds_count{method="GET",route="/fail",status_code="500"} 1');
  });

  it("does not measure the scrapes", () => {
    expect(texts["lib-server"]).not.toContain('route="/metrics"');
  });
});

// express-prom-bundle as its README sets it up, and with a route-template normalizer.
const BUNDLES = {
  "default path normalizer": {},
  "req.route normalizer": { normalizePath: (req) => (req.route ? req.baseUrl + req.route.path : "(unmatched)") },
};

describe.each(Object.entries(BUNDLES))("express-prom-bundle, %s", (title, options) => {
  const buildBundled = (createApp) => {
    const app = createApp();
    app.use(
      promBundle({
        includeMethod: true,
        includePath: true,
        includeStatusCode: true,
        promRegistry: new client.Registry(),
        ...options,
      }),
    );
    return addRoutes(app, createApp);
  };
  let texts;
  beforeAll(async () => {
    texts = await scrapeBoth(buildBundled);
  });
  afterAll(() => (texts = undefined));

  it("has the same status_code/method/path series, with the same counts, as on Express", () => {
    const expected = countsOf(texts.express, "http_request_duration_seconds");
    expect(expected.length).toBeGreaterThan(5);
    expect(countsOf(texts["lib-server"], "http_request_duration_seconds")).toEqual(expected);
  });
});
