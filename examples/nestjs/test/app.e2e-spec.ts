import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { NestFactory } from "@nestjs/core";
import type { NestExpressApplication } from "@nestjs/platform-express";
import { Test } from "@nestjs/testing";
import request from "supertest";
import { AppModule } from "../src/app.module";
import { configureApp } from "../src/app.setup";

declare const EXPECTED_EXPRESS: string;

/** The name in the package.json of the package that `require("express")` loads. */
function expressPackageName(): string {
  let dir = dirname(require.resolve("express"));
  while (!existsSync(join(dir, "package.json"))) dir = dirname(dir);
  return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).name;
}

const png = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(200, 7)]);

describe("Nest application (e2e)", () => {
  let app: NestExpressApplication;
  let server: ReturnType<NestExpressApplication["getHttpServer"]>;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    app = moduleRef.createNestApplication<NestExpressApplication>({ rawBody: true, logger: false });
    configureApp(app);
    await app.init();
    server = app.getHttpServer();
  });

  afterAll(async () => {
    await app.close();
  });

  it(`runs on ${EXPECTED_EXPRESS}`, () => {
    expect(expressPackageName()).toBe(EXPECTED_EXPRESS);
  });

  describe("views, headers, redirects, the request object", () => {
    it("renders an ejs view with @Render", async () => {
      const res = await request(server).get("/").expect(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.text).toContain("<title>Cats on lib-server</title>");
      expect(res.text).toContain("<li>&lt;Garfield&gt;</li>");
    });

    it("answers JSON with @Header and app.use middleware's header", async () => {
      const res = await request(server).get("/api/health").expect(200);
      expect(res.body).toEqual({ status: "ok" });
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.headers["x-request-id"]).toMatch(/^req-\d+$/);
      expect(res.headers["x-cats-middleware"]).toBeUndefined();
      expect(res.headers["etag"]).toMatch(/^W\/"/);
    });

    it("answers 304 to a conditional GET", async () => {
      const first = await request(server).get("/api/health").expect(200);
      const res = await request(server).get("/api/health").set("If-None-Match", first.headers["etag"]).expect(304);
      expect(res.text).toBe("");
    });

    it("redirects with @Redirect", async () => {
      const res = await request(server).get("/api/old-health").expect(301);
      expect(res.headers["location"]).toBe("health");
    });

    it("gives handlers Express's request (ip behind a trusted proxy, query, accepts)", async () => {
      const res = await request(server)
        .get("/api/whoami?x=1&list=a&list=b&nested[k]=v")
        .set("X-Request-Id", "abc-123")
        .set("X-Forwarded-For", "203.0.113.9")
        .set("X-Forwarded-Proto", "https")
        .set("Accept", "text/html")
        .set("User-Agent", "e2e")
        .expect(200);
      expect(res.body).toEqual({
        requestId: "abc-123",
        ip: "203.0.113.9",
        ips: ["203.0.113.9"],
        protocol: "https",
        hostname: "127.0.0.1",
        secure: true,
        path: "/api/whoami",
        query: { x: "1", list: ["a", "b"], "nested[k]": "v" },
        accepts: "html",
        userAgent: "e2e",
      });
      expect(res.headers["x-request-id"]).toBe("abc-123");
      expect(res.headers["x-legacy"]).toBe("true");
    });

    it("matches Express 5 path syntax: a named wildcard and an optional extension", async () => {
      const res = await request(server).get("/api/files/a%2Fb/c%20d.tar.gz").expect(200);
      expect(res.body).toEqual({ path: ["a/b", "c d.tar"], ext: "gz" });
      expect(res.headers["x-legacy"]).toBe("true");
      expect((await request(server).get("/api/files/readme").expect(200)).body).toEqual({
        path: ["readme"],
        ext: null,
      });
      await request(server).get("/api/files/").expect(404);
    });

    it("answers HEAD from a GET route without a body", async () => {
      const res = await request(server).head("/api/cats").expect(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.text).toBeUndefined();
    });

    it("streams server-sent events from an Observable", async () => {
      const res = await request(server)
        .get("/api/events")
        .buffer(true)
        .parse((res, done) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (text += chunk));
          res.on("end", () => done(null, text));
        });
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe("text/event-stream");
      expect(res.headers["cache-control"]).toContain("no-cache");
      // Nest's SseStream writes each message as event, id and data fields between blank lines.
      expect(res.body).toBe(`\n${[0, 1, 2].map((n) => `event: tick\nid: ${n + 1}\ndata: {"n":${n}}\n\n`).join("")}`);
    });
  });

  describe("controllers: params, query and body through the global ValidationPipe", () => {
    it("lists with defaults; forRoutes(CatsController) middleware runs", async () => {
      const res = await request(server).get("/api/cats").expect(200);
      expect(res.body.total).toBe(3);
      expect(res.body.items.map((cat: { name: string }) => cat.name)).toEqual(["Tom", "Felix", "Garfield"]);
      expect(res.headers["x-cats-middleware"]).toBe("1");
      expect(res.headers["server-timing"]).toMatch(/^app;dur=[\d.]+$/);
    });

    it("transforms query strings into numbers", async () => {
      const res = await request(server).get("/api/cats?limit=1&offset=1&sort=name").expect(200);
      expect(res.body).toEqual({ total: 3, items: [expect.objectContaining({ name: "Garfield" })] });
      const tagged = await request(server).get("/api/cats?tag=indoor").expect(200);
      expect(tagged.body.items.map((cat: { id: number }) => cat.id)).toEqual([1, 3]);
    });

    it("rejects an invalid query through the global exception filter", async () => {
      const res = await request(server).get("/api/cats?limit=0&sort=color&extra=1").expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: [
          "property extra should not exist",
          "limit must not be less than 1",
          "sort must be one of the following values: name, age",
        ],
        method: "GET",
        path: "/api/cats?limit=0&sort=color&extra=1",
        requestId: expect.stringMatching(/^req-\d+$/),
      });
    });

    it("parses route params with ParseIntPipe", async () => {
      expect((await request(server).get("/api/cats/2").expect(200)).body).toEqual({
        id: 2,
        name: "Felix",
        age: 5,
        tags: ["outdoor", "hunter"],
      });
      const res = await request(server).get("/api/cats/abc").expect(400);
      expect(res.body.message).toBe("Validation failed (numeric string is expected)");
    });

    it("maps a domain error to 404 with a controller-scoped filter", async () => {
      const res = await request(server).get("/api/cats/99").expect(404);
      expect(res.body).toEqual({ statusCode: 404, error: "Not Found", message: "Cat 99 not found", catId: 99 });
    });

    it("creates from a JSON body", async () => {
      const res = await request(server)
        .post("/api/cats")
        .send({ name: "Luna", age: 2, tags: ["kitten"] })
        .expect(201);
      expect(res.body).toEqual({ id: 4, name: "Luna", age: 2, tags: ["kitten"] });
    });

    it("creates from a urlencoded body (extended parser, @Type conversion)", async () => {
      const res = await request(server)
        .post("/api/cats")
        .type("form")
        .send("name=Milo&age=4&breed=Siamese&tags[]=a&tags[]=b")
        .expect(201);
      expect(res.body).toEqual({ id: 5, name: "Milo", age: 4, breed: "Siamese", tags: ["a", "b"] });
    });

    it("rejects an invalid body with every message", async () => {
      const res = await request(server).post("/api/cats").send({ name: 7, age: 41, color: "black" }).expect(400);
      expect(res.body.message).toEqual([
        "property color should not exist",
        "name must be longer than or equal to 1 and shorter than or equal to 40 characters",
        "name must be a string",
        "age must not be greater than 40",
      ]);
    });

    it("answers 400 to malformed JSON", async () => {
      const res = await request(server)
        .post("/api/cats")
        .set("Content-Type", "application/json")
        .send('{"name": "Tom",')
        .expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, path: "/api/cats" });
      expect(res.body.message).toMatch(/JSON/);
    });

    it("answers 413 to a JSON body over the useBodyParser limit", async () => {
      const res = await request(server)
        .post("/api/cats")
        .send({ name: "x".repeat(20_000), age: 1 })
        .expect(413);
      expect(res.body).toMatchObject({ statusCode: 413, message: "request entity too large" });
    });
  });

  describe("guard", () => {
    it("answers 401 without a token and 403 with a wrong role", async () => {
      const anonymous = await request(server).patch("/api/cats/1").send({ age: 4 }).expect(401);
      expect(anonymous.body.message).toBe("missing bearer token");
      const viewer = await request(server)
        .patch("/api/cats/1")
        .set("Authorization", "Bearer viewer")
        .send({ age: 4 })
        .expect(403);
      expect(viewer.body.message).toBe("Forbidden resource");
    });

    it("lets an allowed role through", async () => {
      const res = await request(server)
        .patch("/api/cats/1")
        .set("Authorization", "Bearer editor")
        .send({ age: 4 })
        .expect(200);
      expect(res.body).toEqual({ id: 1, name: "Tom", age: 4, breed: "Tabby", tags: ["indoor"] });
    });

    it("deletes with @HttpCode(204) for admins only", async () => {
      await request(server).delete("/api/cats/2").set("Authorization", "Bearer editor").expect(403);
      const res = await request(server).delete("/api/cats/2").set("Authorization", "Bearer admin").expect(204);
      expect(res.text).toBe("");
      await request(server).get("/api/cats/2").expect(404);
    });
  });

  describe("file upload with FileInterceptor (multer)", () => {
    it("stores an uploaded image with its validated fields", async () => {
      const res = await request(server)
        .post("/api/cats/1/photo")
        .field("caption", "Tom on the sofa")
        .attach("photo", png, { filename: "tom.png", contentType: "image/png" })
        .expect(201);
      expect(res.body).toEqual({
        id: 1,
        originalname: "tom.png",
        mimetype: "image/png",
        size: png.length,
        caption: "Tom on the sofa",
      });
    });

    it("streams it back as a StreamableFile; the excluded route skips the middleware", async () => {
      const res = await request(server).get("/api/cats/1/photo").buffer(true).expect(200);
      expect(res.headers["content-type"]).toBe("image/png");
      expect(res.headers["content-disposition"]).toBe("attachment; filename=tom.png");
      expect(res.headers["content-length"]).toBe(String(png.length));
      expect(res.headers["x-cats-middleware"]).toBeUndefined();
      expect(Buffer.compare(res.body, png)).toBe(0);
    });

    it("rejects a file the filter refuses, an oversized file, a missing file and unknown fields", async () => {
      const text = await request(server)
        .post("/api/cats/1/photo")
        .attach("photo", Buffer.from("hi"), { filename: "a.txt", contentType: "text/plain" })
        .expect(415);
      expect(text.body.message).toBe("text/plain is not an image");
      const big = await request(server)
        .post("/api/cats/1/photo")
        .attach("photo", Buffer.alloc(70 * 1024), { filename: "big.png", contentType: "image/png" })
        .expect(413);
      expect(big.body.message).toBe("File too large");
      const none = await request(server).post("/api/cats/1/photo").field("caption", "no file").expect(415);
      expect(none.body.message).toBe("photo is required");
      const extra = await request(server)
        .post("/api/cats/1/photo")
        .field("owner", "jon")
        .attach("photo", png, { filename: "tom.png", contentType: "image/png" })
        .expect(400);
      expect(extra.body.message).toEqual(["property owner should not exist"]);
      const field = await request(server)
        .post("/api/cats/1/photo")
        .attach("picture", png, { filename: "tom.png", contentType: "image/png" })
        .expect(400);
      expect(field.body.message).toBe("Unexpected file field - picture");
    });
  });

  describe("CORS (app.enableCors)", () => {
    it("answers a preflight from an allowed origin", async () => {
      const res = await request(server)
        .options("/api/cats")
        .set("Origin", "https://cats.example")
        .set("Access-Control-Request-Method", "POST")
        .set("Access-Control-Request-Headers", "content-type")
        .expect(204);
      expect(res.headers["access-control-allow-origin"]).toBe("https://cats.example");
      expect(res.headers["access-control-allow-credentials"]).toBe("true");
      expect(res.headers["access-control-allow-methods"]).toBe("GET,HEAD,PUT,PATCH,POST,DELETE");
      expect(res.headers["access-control-allow-headers"]).toBe("content-type");
      expect(res.headers["vary"]).toBe("Origin, Access-Control-Request-Headers");
    });

    it("adds the headers to a simple request, not for another origin", async () => {
      const allowed = await request(server).get("/api/health").set("Origin", "https://cats.example").expect(200);
      expect(allowed.headers["access-control-allow-origin"]).toBe("https://cats.example");
      expect(allowed.headers["access-control-expose-headers"]).toBe("X-Request-Id");
      const other = await request(server).get("/api/health").set("Origin", "https://dogs.example").expect(200);
      expect(other.headers["access-control-allow-origin"]).toBeUndefined();
    });
  });

  describe("static assets (useStaticAssets with a prefix)", () => {
    it("serves a file with caching headers, 304 and ranges", async () => {
      const res = await request(server).get("/static/hello.txt").expect(200);
      expect(res.text).toBe("Hello from lib-server static files.\n");
      expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("public, max-age=3600");
      expect(res.headers["accept-ranges"]).toBe("bytes");
      await request(server).get("/static/hello.txt").set("If-None-Match", res.headers["etag"]).expect(304);
      const range = await request(server).get("/static/hello.txt").set("Range", "bytes=0-4").expect(206);
      expect(range.text).toBe("Hello");
      expect(range.headers["content-range"]).toBe("bytes 0-4/36");
    });

    it("falls through to Nest's 404 for a missing file", async () => {
      const res = await request(server).get("/static/missing.txt").expect(404);
      expect(res.body).toMatchObject({ statusCode: 404, message: "Cannot GET /static/missing.txt" });
    });
  });

  describe("errors", () => {
    it("answers 404 for an unknown route through the global filter", async () => {
      const res = await request(server).get("/api/nope?x=1").expect(404);
      expect(res.body).toEqual({
        statusCode: 404,
        message: "Cannot GET /api/nope?x=1",
        method: "GET",
        path: "/api/nope?x=1",
        requestId: expect.any(String),
      });
    });

    it("answers 500 for an unexpected error (Nest's base filter)", async () => {
      const res = await request(server).get("/api/boom").expect(500);
      expect(res.body).toEqual({ statusCode: 500, message: "Internal server error" });
    });

    it("keeps the raw body for a signed webhook (rawBody: true, the parser's verify)", async () => {
      const payload = JSON.stringify({ event: "cat.adopted", id: 3 });
      const signature = createHash("sha256").update(payload).digest("hex");
      const res = await request(server)
        .post("/api/webhook")
        .set("Content-Type", "application/json")
        .set("X-Signature", signature)
        .send(payload)
        .expect(200);
      expect(res.body).toEqual({ ok: true, bytes: Buffer.byteLength(payload), event: "cat.adopted" });
      const bad = await request(server)
        .post("/api/webhook")
        .set("Content-Type", "application/json")
        .set("X-Signature", "0")
        .send(payload)
        .expect(400);
      expect(bad.body.message).toBe("bad signature");
    });
  });
});

describe("NestFactory.create + app.listen", () => {
  it("serves real connections and closes", async () => {
    const app = await NestFactory.create<NestExpressApplication>(AppModule, { logger: false });
    configureApp(app);
    await app.listen(0, "127.0.0.1");
    try {
      const url = await app.getUrl();
      const res = await fetch(`${url}/api/cats/1`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ id: 1, name: "Tom", age: 3, breed: "Tabby", tags: ["indoor"] });
      expect(res.headers.get("x-cats-middleware")).toBe("1");
    } finally {
      await app.close();
    }
  });
});
