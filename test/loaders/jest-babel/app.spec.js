// babel-jest: `import express from "lib-server"` compiled to CommonJS.
import request from "supertest";
import express, { Router, json } from "lib-server";
import app from "../app.js";

test("routes, a JSON body, a static file and the error handler answer", async () => {
  expect(typeof express).toBe("function");
  expect(Router).toBe(express.Router);
  expect(json).toBe(express.json);
  const other = express();
  other.use(json());
  other.post("/", (req, res) => res.json(req.body));
  await request(other).post("/").send({ babel: true }).expect(200, { babel: true });
  await request(app).get("/api/hello/babel").expect(200, { hello: "babel" });
  await request(app)
    .post("/api/echo")
    .send({ a: 1 })
    .expect(201, { got: { a: 1 } });
  await request(app).get("/static/hello.txt").expect(200, "hello from a static file\n");
  await request(app).get("/api/fail").expect(500, { error: "boom" });
});
