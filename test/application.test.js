import { describe, it, expect, afterAll, beforeAll } from "vitest";
import { differential } from "./helpers/differential.js";

describe("routing order and errors match Express 5", () => {
  let d;
  beforeAll(async () => {
    d = await differential((app) => {
      app.get("/", (req, res) => res.send("home"));
      app.get("/users/:id", (req, res) => res.json({ id: req.params.id, page: req.query.page }));
      app.get("/users/new", (req, res) => res.send("new"));
      app.use((req, res, next) => {
        res.set("x-hello", "1");
        next();
      });
      app.get("/after", (req, res) => res.send(String(res.get("x-hello"))));
      app.get("/err", () => {
        throw Object.assign(new Error("teapot"), { status: 418 });
      });
      app.get("/async", async () => {
        throw new Error("async boom");
      });
    }, { extraHeaders: ["x-hello"] });
  });
  afterAll(() => d.close());

  for (const path of ["/", "/users/5?page=2", "/users/new", "/after", "/nope", "/err", "/async", "/users/%E0", "/USERS/7/", "/users//", "//"]) {
    it(`GET ${path}`, async () => {
      const [expected, actual] = await d.both({ path });
      expect(actual).toEqual(expected);
    });
  }
  it("HEAD falls back to GET without a body", async () => {
    const [expected, actual] = await d.both({ method: "HEAD", path: "/users/1" });
    expect(actual).toEqual(expected);
  });
});
