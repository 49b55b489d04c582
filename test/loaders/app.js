// A small Express-style app in CommonJS, as an Express user's code would be: the loaders of
// loaders.test.js (Jest, babel-jest, ts-jest, esbuild and webpack bundles) all load this.
const path = require("node:path");
const express = require("lib-server");

const app = express();
app.use(express.json());
app.use("/static", express.static(path.join(__dirname, "public")));
// A directory of 1,024 entries or more is listed with the help of a worker thread.
if (process.env.BIG_DIR) app.use("/big", express.static(process.env.BIG_DIR, { listing: true }));
const api = express.Router();
api.get("/hello/:name", (req, res) => res.json({ hello: req.params.name }));
api.post("/echo", (req, res) => res.status(201).json({ got: req.body }));
api.get("/fail", () => {
  throw new Error("boom");
});
app.use("/api", api);
app.use((err, req, res, next) => res.status(500).json({ error: err.message }));

module.exports = app;
