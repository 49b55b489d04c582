import { servers } from "./servers.js";
import { TOKEN } from "../servers/middleware/stack.js";
import { middlewareHeaders } from "./middleware.js";

export default {
  name: "routers",
  title: "Three routers of 50 routes behind five middleware",
  headline: true,
  servers: servers("routers", ["lib-server", "express", "express4", "fastify", "polka"]),
  cases: [
    {
      name: "routers",
      title: "GET /products/r42/7 → {router, id}",
      request: { path: "/products/r42/7", headers: { authorization: TOKEN } },
      expect: {
        status: 200,
        json: { router: "products", id: "7" },
        headers: { ...middlewareHeaders, "content-type": /^application\/json/ },
      },
    },
  ],
};
