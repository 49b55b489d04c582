// The one app the HTTP/2 differential suite serves over HTTP/1.1, h2c and h2 over TLS: a
// bit of everything an Express app does, from routing to static files.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import Server, { compose } from "../../../src/index.js";

/** The files the app serves: { root, cleanup() }. */
export function makeFiles() {
  const root = mkdtempSync(join(tmpdir(), "lib-server-h2-"));
  const files = {
    "public/hello.txt": "hello over every protocol\n",
    "public/app.js": "console.log('a script, precompressed too');\n".repeat(20),
    "public/dir/one.txt": "1",
    "public/dir/two.txt": "2",
    "views/page.tpl": "<p>{{name}}</p>",
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(root, name, ".."), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  writeFileSync(join(root, "public/app.js.br"), brotliCompressSync(files["public/app.js"]));
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

export function makeApp(root) {
  const app = new Server();
  // Error pages without stacks (they name the response class, which differs), and the
  // final handler's reports kept off the console.
  app.set("env", "production");
  app.on("error", () => {});
  app.set("views", join(root, "views"));
  app.engine("tpl", (path, options, done) => done(null, `<p>${options.name}</p>`));
  app.set("view engine", "tpl");

  app.get("/users/:id", (req, res) => {
    res.json({
      id: req.params.id,
      query: req.query,
      hostname: req.hostname,
      host: req.host,
      hostHeader: req.get("host"),
      protocol: req.protocol,
      secure: req.secure,
      ip: req.ip,
      path: req.path,
      pseudoHeaders: Object.keys(req.headers).filter((name) => name.startsWith(":")),
      accepts: req.accepts(["json", "html"]),
    });
  });
  app.get("/cookies", (req, res) => {
    res.cookie("plain", "1", { httpOnly: true }).cookie("object", { a: 1 }).clearCookie("gone");
    res.status(201).set("X-Custom", "yes").append("X-Custom", "again").send("cookies set");
  });
  app.get("/redirect", (req, res) => res.redirect("/users/1?from=redirect"));
  app.get("/format", (req, res) =>
    res.format({
      text: () => res.send("text"),
      html: () => res.send("<b>html</b>"),
      json: () => res.json({ format: "json" }),
    }),
  );
  app.get("/etag", (req, res) => res.set("ETag", '"fixed"').send(`fresh: ${req.fresh}`));
  app.get("/sendfile", (req, res, next) =>
    res.sendFile("hello.txt", { root: join(root, "public") }, (err) => err && next(err)),
  );
  app.get("/download", (req, res) => res.download(join(root, "public/hello.txt"), "greeting.txt"));
  app.get("/render", (req, res) => res.render("page", { name: "h2" }));
  app.get("/status/:code", (req, res) => res.sendStatus(Number(req.params.code)));
  app.post("/json", Server.json(), (req, res) => res.json({ body: req.body, isJson: req.is("json") }));
  app.post("/form", Server.urlencoded(), (req, res) => res.json(req.body));
  app.post("/text", Server.text(), (req, res) => res.type("txt").send(req.body.toUpperCase()));
  app.post("/raw", Server.raw(), (req, res) => res.json({ length: req.body.length, first: req.body[0] }));
  app.post("/small", Server.json({ limit: 10 }), (req, res) => res.json(req.body));
  app.use("/static", Server.static(join(root, "public"), { precompressed: true, listing: true }));
  app.get(
    "/compose/:id",
    compose(
      (ctx) => {
        if (ctx.params.id === "0") return ctx.status(404).json({ error: "none" });
        ctx.state.user = { id: ctx.params.id };
      },
      (ctx) => ctx.json(ctx.state.user),
    ),
  );
  app.get("/throws", () => {
    throw Object.assign(new Error("broken on purpose"), { status: 418 });
  });
  app.get("/unhandled", () => {
    throw new Error("reaches the final handler");
  });
  app.use((err, req, res, next) => {
    if (req.path !== "/throws") return next(err);
    res.status(err.status).json({ error: err.message });
  });
  return app;
}

// [name, request]: what every protocol is asked; the answers must match.
export const CASES = [
  ["route, params, query, host", { path: "/users/42?a=1&b=two" }],
  ["HEAD of a route", { method: "HEAD", path: "/users/42" }],
  ["accepts html", { path: "/users/1", headers: { accept: "text/html" } }],
  ["cookies, status, set/append", { path: "/cookies" }],
  ["redirect", { path: "/redirect", headers: { accept: "text/html" } }],
  ["format: json", { path: "/format", headers: { accept: "application/json" } }],
  ["format: text", { path: "/format", headers: { accept: "text/plain" } }],
  ["format: 406", { path: "/format", headers: { accept: "image/png" } }],
  ["ETag, stale", { path: "/etag" }],
  ["ETag, fresh: 304", { path: "/etag", headers: { "if-none-match": '"fixed"' } }],
  ["sendFile", { path: "/sendfile" }],
  ["sendFile, Range", { path: "/sendfile", headers: { range: "bytes=0-4" } }],
  ["download", { path: "/download" }],
  ["render", { path: "/render" }],
  ["sendStatus", { path: "/status/204" }],
  [
    "json body",
    { method: "POST", path: "/json", headers: { "content-type": "application/json" }, body: '{"a":[1,2],"b":"é"}' },
  ],
  [
    "malformed json: 400",
    { method: "POST", path: "/json", headers: { "content-type": "application/json" }, body: "{nope" },
  ],
  [
    "json over its limit: 413",
    { method: "POST", path: "/small", headers: { "content-type": "application/json" }, body: '{"a":"far too long"}' },
  ],
  [
    "urlencoded body",
    {
      method: "POST",
      path: "/form",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "a=1&b=x%20y",
    },
  ],
  ["text body", { method: "POST", path: "/text", headers: { "content-type": "text/plain" }, body: "shout" }],
  [
    "raw body",
    { method: "POST", path: "/raw", headers: { "content-type": "application/octet-stream" }, body: "\x07raw" },
  ],
  ["static file", { path: "/static/hello.txt" }],
  ["static: Range", { path: "/static/hello.txt", headers: { range: "bytes=6-9" } }],
  ["static: unsatisfiable Range", { path: "/static/hello.txt", headers: { range: "bytes=999-" } }],
  [
    "static: 304",
    { path: "/static/hello.txt", headers: { "if-modified-since": new Date(Date.now() + 86_400_000).toUTCString() } },
  ],
  ["static: precompressed", { path: "/static/app.js", headers: { "accept-encoding": "br" } }],
  ["static: listing", { path: "/static/dir/", headers: { accept: "text/html" } }],
  ["static: directory redirect", { path: "/static/dir" }],
  ["compose", { path: "/compose/7" }],
  ["compose: early answer", { path: "/compose/0" }],
  ["error handler", { path: "/throws" }],
  ["final handler: 500", { path: "/unhandled" }],
  ["final handler: 404", { path: "/nowhere?x=1" }],
  ["method not routed: 404", { method: "DELETE", path: "/users/1" }],
];
