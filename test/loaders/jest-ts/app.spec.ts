// ts-jest: TypeScript compiled to CommonJS, typed by lib-server's own declarations.
import request from "supertest";
import express, { type Request, type Response } from "lib-server";

test("a typed app answers a route, a JSON body, a static file and an error", async () => {
  const app = express();
  app.use(express.json());
  app.use("/static", express.static(`${__dirname}/../public`));
  app.get("/hello/:name", (req: Request, res: Response) => {
    res.json({ hello: req.params.name });
  });
  app.post("/echo", (req: Request, res: Response) => {
    res.status(201).json({ got: req.body });
  });
  app.get("/fail", () => {
    throw new Error("boom");
  });
  app.use((err: Error, req: Request, res: Response, next: () => void) => {
    res.status(500).json({ error: err.message });
  });
  await request(app).get("/hello/ts").expect(200, { hello: "ts" });
  await request(app)
    .post("/echo")
    .send({ a: 1 })
    .expect(201, { got: { a: 1 } });
  await request(app).get("/static/hello.txt").expect(200, "hello from a static file\n");
  await request(app).get("/fail").expect(500, { error: "boom" });
});
