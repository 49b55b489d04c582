// Jest's default CommonJS mode (no babel config): require("lib-server") through Jest's own
// module loader.
const request = require("supertest");
const app = require("../app.js");
const express = require("lib-server");

test("routes, a JSON body, a static file and the error handler answer", async () => {
  expect(typeof express).toBe("function");
  expect(typeof express.Router).toBe("function");
  await request(app).get("/api/hello/jest").expect(200, { hello: "jest" });
  await request(app)
    .post("/api/echo")
    .send({ a: [1, 2] })
    .expect(201, { got: { a: [1, 2] } });
  await request(app)
    .get("/static/hello.txt")
    .expect("Content-Type", /text\/plain/)
    .expect(200, "hello from a static file\n");
  await request(app).get("/api/fail").expect(500, { error: "boom" });
  await request(app).get("/nowhere").expect(404);
  // Twice: the first listing starts the helper thread, a later one uses it.
  for (let i = 0; i < 2; i++) {
    const listing = await request(app).get("/big/").set("Accept", "application/json").expect(200);
    expect(listing.body).toHaveLength(1100);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});
