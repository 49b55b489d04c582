// Three routers of 50 routes each behind the five middleware of the
// middleware scenario: the shape of a small real API.
export const ROUTER_NAMES = ["users", "orders", "products"];
export const ROUTES_PER_ROUTER = 50;
export const routePaths = Array.from({ length: ROUTES_PER_ROUTER }, (_, i) => `/r${i}/:id`);
