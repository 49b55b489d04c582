// lib-server's Express 4 mode under Jest's own module loader, which cannot require() an ES
// module: package.json's "require" export gives it the CommonJS build, dist/express4.cjs.
const request = require("supertest");
const express = require("lib-server/express4");

test("require('lib-server/express4') gives the Express 4 mode, from dist/express4.cjs", async () => {
  expect(require.resolve("lib-server/express4")).toMatch(/[\\/]dist[\\/]express4\.cjs$/);
  const app = express();
  expect(typeof app.del).toBe("function");
  app.use(express.json());
  app.get("/q", (req, res) => res.json(req.query));
  app.post("/echo", (req, res) => res.status(201).json(req.body));
  await request(app)
    .get("/q?a[b]=1")
    .expect(200, { a: { b: "1" } }); // Express 4's "extended" parser
  await request(app).post("/echo").send({ a: 1 }).expect(201, { a: 1 });
});
