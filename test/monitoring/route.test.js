// routeOf(): the route template APM agents name an Express transaction after, built from the
// mount paths a request is inside and its route's path.
import { describe, expect, test } from "vitest";
import Server, { Router } from "../../src/index.js";
import { routeOf, trackRoutes } from "../../src/monitoring/route.js";
import { start } from "../helpers/server.js";

trackRoutes();

/** The routes seen by each handler of `app` for `path`, in order. */
async function routesFor(build, path) {
  const seen = [];
  const note = (req, res, next) => {
    seen.push(routeOf(req) ?? null);
    next();
  };
  const app = Server();
  build(app, note);
  app.use((req, res) => res.end(JSON.stringify(seen)));
  const server = await start(app);
  try {
    return JSON.parse((await server.request(path)).body);
  } finally {
    await server.close();
  }
}

describe("routeOf", () => {
  test("a route at the root", async () => {
    expect(await routesFor((app, note) => app.get("/users/:id", note), "/users/7")).toEqual(["/users/:id"]);
  });

  test("routers mounted in routers, their own middleware seeing no route yet", async () => {
    const routes = await routesFor((app, note) => {
      const items = Router();
      items.use(note);
      items.get("/items/:itemId", note);
      const api = Router();
      api.use("/v1", items);
      app.use("/api", api);
    }, "/api/v1/items/3");
    expect(routes).toEqual([null, "/api/v1/items/:itemId"]);
  });

  test("a parameter in a mount path stays a parameter", async () => {
    const routes = await routesFor((app, note) => {
      const tenant = Router({ mergeParams: true });
      tenant.get("/orders", note);
      app.use("/:tenant", tenant);
    }, "/acme/orders");
    expect(routes).toEqual(["/:tenant/orders"]);
  });

  test("a mounted app, and the mount left once the request is out of it", async () => {
    const routes = await routesFor((app, note) => {
      const admin = Server();
      admin.get("/stats", (req, res, next) => next());
      app.use("/admin", admin);
      app.get("/admin/stats", note);
    }, "/admin/stats");
    expect(routes).toEqual(["/admin/stats"]);
  });

  test("array and RegExp paths as their text", async () => {
    const routes = await routesFor((app, note) => {
      app.get(["/a", "/b"], note);
      app.get(/^\/re\/\d+$/, note);
    }, "/b");
    expect(routes).toEqual(["/a,/b"]);
  });
});
