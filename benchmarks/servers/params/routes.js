// 100 routes that differ only by their first segment, so the router has to
// pick one among many before it extracts :id.
export const ROUTE_COUNT = 100;
export const routePaths = Array.from({ length: ROUTE_COUNT }, (_, i) => `/r${i}/users/:id`);
