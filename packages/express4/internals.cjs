// `require("express/lib/...")`: Express 4's internal files, which middleware such as
// express-async-errors patches. This package has lib-server's router instead: say what to do.
throw new Error(
  "express/lib/... is Express 4's internal code, which lib-server-express4 (installed as express) does not have. " +
    "express-async-errors is not needed: the Express 4 mode already passes rejected promises of handlers to " +
    "error middleware; remove it. Other code: use Express's public API (app._router.stack holds the router's layers).",
);
