// The path forms of path-to-regexp 0.1 that Express 4 apps use and Express 5 refuses (issue
// 36's list, and the optional params of Express 4's docs), for the pattern and router tests.
export const PATH_FORMS = [
  "/users/:id(\\d+)",
  "/:scope(global|flow)/x",
  "/ab?cd",
  "/ab+cd",
  "/ab(cd)?e",
  "/:id/push/?*",
  "/endpoint*",
  "/files/:file(*)",
  "/user/:name/:op?",
  "/post/:id.:format?",
];
