import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { fileURLToPath } from "node:url";
import { readFile } from "node:fs";
import { differential } from "./helpers/compare.js";
import { expectConsoleErrors } from "./helpers/logs.js";

const views = fileURLToPath(new URL("./fixtures/views", import.meta.url));

// A tiny engine registered with app.engine(), as apps do for custom templates.
function tplEngine(path, options, callback) {
  readFile(path, "utf8", (err, text) => {
    if (err) return callback(err);
    callback(
      null,
      text.replace(/\{\{(\w+)\}\}/g, (_, key) => String(options[key])),
    );
  });
}

describe("views: app.render / res.render match Express 5", () => {
  // /missing, /app-render and /bad-engine fail on purpose: both final handlers log them.
  expectConsoleErrors(/Error: (Failed to lookup view "nope"|Cannot find module 'unknownengine')/);
  let d;
  beforeAll(async () => {
    d = await differential((app) => {
      app.set("views", views);
      app.set("view engine", "ejs");
      app.engine("tpl", tplEngine);
      app.locals.site = "example.org";
      app.get("/hello", (req, res) => {
        res.locals.name = "<World>";
        res.render("hello");
      });
      app.get("/blog", (req, res) => res.render("blog", { posts: ["a", "b"] }));
      app.get("/tpl", (req, res) => res.render("page.tpl", { title: "T" }));
      app.get("/callback", (req, res) =>
        res.render("hello", { name: "cb" }, (err, html) => res.type("txt").send(html.toUpperCase())),
      );
      app.get("/missing", (req, res) => res.render("nope"));
      app.get("/app-render", (req, res, next) =>
        req.app.render("hello", { name: "app" }, (err, html) => (err ? next(err) : res.send(html))),
      );
      app.get("/bad-engine", (req, res) => res.render("page.unknownengine"));
      // A view that cannot be set up throws from res.render: the callback never hears of it
      app.get("/bad-engine-callback", (req, res) =>
        res.render("page.unknownengine", (err) => res.status(420).send(`callback: ${err?.code}`)),
      );
      app.get("/app-render-throws", (req, res) => {
        try {
          req.app.render("page.unknownengine", () => res.send("callback called"));
        } catch (err) {
          res.status(420).send(`thrown: ${err.code}`);
        }
      });
    });
  });
  afterAll(() => d.close());

  for (const path of [
    "/hello",
    "/blog",
    "/tpl",
    "/callback",
    "/missing",
    "/app-render",
    "/bad-engine",
    "/bad-engine-callback",
    "/app-render-throws",
  ]) {
    it(`GET ${path}`, async () => {
      const [expected, actual] = await d.both({ path });
      expect(actual).toEqual(expected);
    });
  }

  it("renders HTML with escaping through a real engine (ejs)", async () => {
    const [, actual] = await d.both({ path: "/hello" });
    expect(actual.status).toBe(200);
    expect(actual.body).toContain("Hello &lt;World&gt;");
    expect(actual.body).toContain("example.org");
  });
});
