// The Express 4 mode's response against express@4: the same apps on both, status, headers and
// body compared. Deprecation warnings are test/express4/deprecations.test.js's.
import { beforeAll, afterAll, describe, expect, it } from "vitest";
import express4 from "express4";
import express from "../../src/express4/index.js";
import { compareSuite, differentialAgainst } from "../helpers/compare.js";

const quiet = () => {}; // with a listener, depd emits its warnings as this event instead of printing them
beforeAll(() => process.on("deprecation", quiet));
afterAll(() => process.off("deprecation", quiet));

const E4 = { reference: express4, subject: express };
const FIXTURES = "test/fixtures/express4"; // relative to the working directory, as res.sendfile takes it
const fixtures = new URL("../fixtures/express4/", import.meta.url).pathname;

// One route per case: GET /<name> runs `cases[name](req, res, next)`.
function routes(cases) {
  return (app) => {
    for (const [name, handler] of Object.entries(cases)) app.all(`/${name}`, handler);
    app.use((err, req, res, next) => res.status(err.status || 500).send(`${err.status} ${err.message}`));
  };
}

compareSuite(
  "res.send, res.json, res.jsonp: Express 4's (status, body) argument forms",
  routes({
    status: (req, res) => res.send(201),
    unknownStatus: (req, res) => res.send(299),
    statusBody: (req, res) => res.send(201, "Created :)"),
    bodyStatus: (req, res) => res.send("Bad :(", 400),
    statusNumber: (req, res) => res.send(200, 0.123),
    statusObject: (req, res) => res.send(202, { ok: true }),
    typedArray: (req, res) => res.send(new Uint8Array([1, 2])),
    buffer: (req, res) => res.send(Buffer.from("hi")),
    plain: (req, res) => res.send("<p>hi</p>"),
    jsonStatus: (req, res) => res.json(201, { id: 1 }),
    jsonObjStatus: (req, res) => res.json({ id: 1 }, 201),
    jsonNumbers: (req, res) => res.json(200, 201),
    jsonpStatus: (req, res) => res.jsonp(201, { id: 1 }),
    jsonpObjStatus: (req, res) => res.jsonp({ id: 1 }, 201),
  }),
  [
    "/status",
    "/unknownStatus",
    "/statusBody",
    "/bodyStatus",
    "/statusNumber",
    "/statusObject",
    "/typedArray",
    "/buffer",
    "/plain",
    { method: "HEAD", path: "/status" },
    "/jsonStatus",
    "/jsonObjStatus",
    "/jsonNumbers",
    "/jsonpStatus",
    "/jsonpObjStatus?callback=cb",
  ],
  E4,
);

compareSuite(
  "res.status and res.sendStatus: codes set as given (strings, fractions)",
  routes({
    string: (req, res) => res.status("201").end("x"),
    fraction: (req, res) => res.status(410.1).send("gone"),
    tooSmall: (req, res) => res.status(99).send("x"),
    sendStatus: (req, res) => res.sendStatus(204),
    sendStatusString: (req, res) => res.sendStatus("202"),
    sendStatusUnknown: (req, res) => res.sendStatus(599),
  }),
  ["/string", "/fraction", "/tooSmall", "/sendStatus", "/sendStatusString", "/sendStatusUnknown"],
  { ...E4, expectedErrors: /status code/i },
);

const html = { accept: "text/html" };
const text = { accept: "text/plain" };
compareSuite(
  'res.redirect and res.location: (url, status), (status, url), "back"',
  routes({
    plain: (req, res) => res.redirect("http://example.com/a b"),
    urlStatus: (req, res) => res.redirect("/next", 301),
    statusUrl: (req, res) => res.redirect(303, "/next"),
    back: (req, res) => res.redirect("back"),
    evil: (req, res) => res.redirect("<la'me>"),
    locationBack: (req, res) => res.location("back").end(),
    location: (req, res) => res.location("/a b?x=<1>").end(),
  }),
  [
    "/plain",
    { path: "/plain", headers: html },
    { path: "/plain", headers: text },
    { path: "/plain", headers: { accept: "image/png" } },
    { method: "HEAD", path: "/plain", headers: html },
    { path: "/urlStatus", headers: html },
    { path: "/statusUrl", headers: text },
    { path: "/back", headers: { ...html, referer: "/from/here" } },
    { path: "/back", headers: { referrer: "/from/there" } },
    { path: "/back", headers: html },
    { path: "/evil", headers: html },
    { path: "/locationBack", headers: { referer: "http://example.com/é" } },
    "/locationBack",
    "/location",
  ],
  E4,
);

compareSuite(
  "res.type, res.set, res.contentType: mime 1's types and charsets",
  routes({
    type: (req, res) => res.type(req.query.t).end(),
    contentType: (req, res) => res.contentType(req.query.t).end(),
    set: (req, res) => res.set("Content-Type", req.query.t).end(),
    setObject: (req, res) => res.set({ "content-type": req.query.t, "X-Num": 1 }).end(),
    setArray: (req, res) => res.set("X-List", [1, 2]).append("X-List", "3").end(),
    arrayType: (req, res) => res.set("Content-Type", ["text/html"]).end(),
    sendTyped: (req, res) => res.set("Content-Type", req.query.t).send("body"),
  }),
  [
    ...["html", ".html", "js", "file.js", "mjs", "json", "exe", "ico", "avif", "heic", "unknownext", "txt", "xml"].map(
      (t) => `/type?t=${t}`,
    ),
    "/contentType?t=js",
    ...["text/plain", "application/json", "application/javascript", "application/xml", "text/html; charset=latin1"].map(
      (t) => `/set?t=${encodeURIComponent(t)}`,
    ),
    "/setObject?t=text/css",
    ...[
      "Text/HTML",
      "text/plain;charset=ISO-8859-1",
      "application/vnd.api+json",
      'text/html; foo="b r"',
      "image/svg+xml",
      // content-type 1.0's parsing and format: stricter, its own messages, the last of a
      // repeated parameter, parameters in name order
      "text/html;",
      "x",
      "text/html; foo",
      "text/html; charset=",
      "text/html; b=1; a=2; b=3",
      'text/plain; q="a\\"b"; charset=latin1',
    ].map((t) => `/sendTyped?t=${encodeURIComponent(t)}`),
    "/setArray",
    "/arrayType",
  ],
  { ...E4, extraHeaders: ["x-list", "x-num"] },
);

compareSuite(
  "res.format: mime 1's types for extension keys, the 406 with its types",
  routes({
    ext: (req, res) =>
      res.format({ js: () => res.send("js"), json: () => res.send("json"), html: () => res.send("html") }),
    none: (req, res, next) => res.format({ text: () => res.send("t"), "application/json; q=1": () => res.send("j") }),
  }),
  [
    { path: "/ext", headers: { accept: "application/javascript" } },
    { path: "/ext", headers: { accept: "text/javascript" } },
    { path: "/ext", headers: { accept: "application/json" } },
    { path: "/none", headers: { accept: "image/png" } },
  ],
  E4,
);

compareSuite(
  "res.attachment and res.links, res.vary without a field",
  routes({
    attachment: (req, res) => res.attachment(req.query.name).send("x"),
    bare: (req, res) => res.attachment().send("x"),
    links: (req, res) =>
      res
        .links({ next: "/2", last: ["/9", "/10"] })
        .links({ prev: "/0" })
        .end(),
    vary: (req, res) => res.vary().vary([]).vary("Origin").end(),
  }),
  [
    "/attachment?name=image.png",
    "/attachment?name=/path/to/app.js",
    "/attachment?name=my%20report.pdf",
    `/attachment?name=${encodeURIComponent("файл.txt")}`,
    `/attachment?name=${encodeURIComponent('quo"te%20d.txt')}`,
    "/bare",
    "/links",
    "/vary",
  ],
  E4,
);

compareSuite(
  "res.cookie and res.clearCookie",
  routes({
    cookie: (req, res) => res.cookie("name", { a: 1 }, { path: "/admin", httpOnly: true }).cookie("b", 2).end(),
    clear: (req, res) => res.clearCookie("sid").end(),
    clearPath: (req, res) => res.clearCookie("sid", { path: "/admin", secure: true }).end(),
    clearExpires: (req, res) => res.clearCookie("sid", { expires: new Date(Date.UTC(2030, 0, 1)) }).end(),
  }),
  ["/cookie", "/clear", "/clearPath", "/clearExpires"],
  E4,
);

describe("res.clearCookie keeps a maxAge, as Express 4.22 does", () => {
  it("Max-Age and an Expires that far ahead", async () => {
    const d = await differentialAgainst(
      express4,
      routes({ clearMaxAge: (req, res) => res.clearCookie("sid", { maxAge: 60_000 }).end() }),
      { subject: express },
    );
    try {
      const [expected, actual] = await d.both("/clearMaxAge");
      const dateless = (view) => view.headers["set-cookie"].map((c) => c.replace(/Expires=[^;]+/, "Expires=…"));
      expect(dateless(actual)).toEqual(dateless(expected));
      const expires = Date.parse(/Expires=([^;]+)/.exec(actual.headers["set-cookie"][0])[1]);
      expect(Math.abs(expires - (Date.now() + 60_000))).toBeLessThan(5_000);
    } finally {
      await d.close();
    }
  });
});

compareSuite(
  "res.sendFile and res.download: send 0.19's types, content-disposition 0.5",
  routes({
    sendFile: (req, res) => res.sendFile(fixtures + req.query.f),
    sendFileTyped: (req, res) => res.type("txt").sendFile(fixtures + "user.html"),
    sendFileHeaders: (req, res) =>
      res.sendFile("user.html", { root: fixtures, headers: { "content-type": "text/x-mine", "X-Ok": "1" } }),
    sendFileRelative: (req, res) => res.sendFile("user.html"),
    dotDirectory: (req, res) => res.sendFile(fixtures + ".dir/file.txt", { dotfiles: req.query.dotfiles }),
    dotDirectoryIndex: (req, res) => res.sendFile(fixtures + ".dir/", { index: "file.txt" }),
    hidden: (req, res) => res.sendFile(fixtures + ".hidden", { hidden: req.query.hidden === "1" }),
    extensions: (req, res) => res.sendFile(fixtures + req.query.f, { extensions: ["txt", "html"] }),
    noETag: (req, res) => res.sendFile(fixtures + "user.html", { etag: false }),
    sendFileCallback: (req, res) => res.sendFile(fixtures + "missing.txt", (err) => res.send(`cb ${err.status}`)),
    download: (req, res) => res.download(fixtures + "user.html"),
    downloadName: (req, res) => res.download(fixtures + "app.js", "my report.js"),
    downloadOptions: (req, res) =>
      res.download("user.html", "doc", { root: fixtures, headers: { "Content-Disposition": "inline" } }),
  }),
  [
    "/sendFile?f=user.html",
    "/sendFile?f=app.js",
    "/sendFile?f=a%20b.txt",
    "/sendFile?f=.hidden",
    "/sendFile?f=missing.txt",
    "/sendFile?f=dir",
    "/sendFileTyped",
    "/sendFileHeaders",
    "/sendFileRelative",
    "/dotDirectory",
    "/dotDirectoryIndex",
    "/dotDirectory?dotfiles=ignore",
    "/dotDirectory?dotfiles=allow",
    "/hidden?hidden=1",
    "/hidden?hidden=0",
    "/extensions?f=user",
    "/extensions?f=user.html",
    "/noETag",
    { path: "/sendFile?f=user.html", headers: { range: "bytes=0-2" } },
    { path: "/sendFile?f=user.html", headers: { range: "bytes=50-60" } },
    { path: "/sendFile?f=user.html", headers: { "if-modified-since": new Date(Date.now() + 60_000).toUTCString() } },
    { path: "/sendFile?f=user.html", headers: { "if-unmodified-since": new Date(0).toUTCString() } },
    { method: "HEAD", path: "/sendFile?f=app.js" },
    "/sendFileCallback",
    "/download",
    "/downloadName",
    "/downloadOptions",
  ],
  { ...E4, extraHeaders: ["x-ok"], expectedErrors: /path must be absolute/ },
);

compareSuite(
  "res.sendFile: send 0.19's ETag, whatever the app's etag setting",
  (app) => {
    app.set("etag", false);
    app.get("/", (req, res) => res.sendFile(fixtures + "user.html"));
    app.get("/send", (req, res) => res.send("no etag"));
  },
  ["/", "/send"],
  E4,
);

compareSuite(
  "res.sendfile (deprecated): Express 4's old API, URL-encoded paths, relative to the working directory",
  routes({
    relative: (req, res) => res.sendfile(`${FIXTURES}/${req.query.f}`),
    root: (req, res) => res.sendfile(req.query.f, { root: fixtures }),
    dotfiles: (req, res) => res.sendfile(`${FIXTURES}/.hidden`, { dotfiles: "allow" }),
    callback: (req, res) => res.sendfile(`${FIXTURES}/${req.query.f}`, (err) => res.send(`cb ${err && err.status}`)),
  }),
  [
    "/relative?f=user.html",
    "/relative?f=a%2520b.txt",
    "/relative?f=.hidden",
    "/relative?f=missing",
    "/relative?f=dir/",
    "/relative?f=dir",
    "/relative?f=..%2Fexpress4%2Fuser.html",
    "/relative?f=%25E0%25A4%25A",
    "/root?f=user.html",
    "/root?f=../../../package.json",
    "/root?f=dir/../app.js",
    "/dotfiles",
    "/callback?f=missing",
    "/callback?f=..%2Fx",
    { method: "POST", path: "/relative?f=user.html" },
  ],
  E4,
);

compareSuite(
  "res.render",
  (app) => {
    app.engine("tpl", (file, options, done) => done(null, `${options.name} ${options.title}`));
    app.set("views", new URL("../fixtures/views/", import.meta.url).pathname);
    app.locals.title = "app";
    app.get("/", (req, res) => {
      res.locals.name = "res";
      res.render("page.tpl");
    });
    app.get("/missing", (req, res) => res.render("nope.tpl"));
    app.use((err, req, res, next) => res.status(500).send(err.message.split("\n")[0].replace(/ in .*/, "")));
  },
  ["/", "/missing"],
  E4,
);
