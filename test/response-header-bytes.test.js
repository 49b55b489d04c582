// Header values with bytes 0x80-0xff (a latin1 file name, "café") reach the client as Express
// sends them: Node writes a header block apart from a Buffer body, latin1, but prefixed to a
// string body as UTF-8, and mangles such bytes in Content-Disposition when end(body) gave it
// the length first. Express's res.send hands Node a Buffer when it makes an ETag or the body is
// 1,000 characters or more, and its sendFile streams; lib-server follows (hasLatin1Header in
// src/node-internals/header-storage.js). Compared on Express 5 and on Express 4 (whose
// res.download writes latin1 names as they are), through Node's client, which reads header
// bytes as latin1.
import { fileURLToPath } from "node:url";
import express4 from "express4";
import Server from "../src/index.js";
import Express4 from "../src/express4/index.js";
import { compareSuite } from "./helpers/compare.js";

const FILE = fileURLToPath(new URL("../package.json", import.meta.url));
const STATIC_ROOT = fileURLToPath(new URL("../examples", import.meta.url));
const NAME = "caf\u00e9";
const DISPOSITION = 'attachment; filename="M\u00e4rz.pdf"';

function latin1Headers(res) {
  res.set("X-Name", NAME);
  res.set("Content-Disposition", DISPOSITION);
}

const ROUTES = {
  "send-string": (req, res) => res.send("x"),
  "send-long-string": (req, res) => res.send("x".repeat(2000)),
  "send-buffer": (req, res) => res.send(Buffer.from("x")),
  json: (req, res) => res.json({ a: 1 }),
  jsonp: (req, res) => res.jsonp({ a: 1 }),
  "send-status": (req, res) => res.sendStatus(201),
  "not-modified": (req, res) => res.status(304).send("x"),
  "end-string": (req, res) => res.end("x"),
  "write-end": (req, res) => {
    res.write("x");
    res.end();
  },
  "send-file": (req, res) => res.sendFile(FILE),
};

function build(app, factory) {
  for (const [path, answer] of Object.entries(ROUTES))
    app.get(`/${path}`, (req, res) => {
      latin1Headers(res);
      answer(req, res);
    });
  app.get("/array", (req, res) => res.set("X-Name", [NAME, "b"]).send("x"));
  app.get("/append", (req, res) => res.append("X-Name", NAME).append("X-Name", "b").send("x"));
  app.get("/no-etag/:length", (req, res) => {
    req.app.set("etag", false);
    res.set("X-Name", NAME).send("y".repeat(Number(req.params.length)));
  });
  app.get("/attachment", (req, res) => res.attachment("M\u00e4rz.json").json({ a: 1 }));
  app.get("/download", (req, res) => res.download(FILE, "M\u00e4rz.pdf"));
  app.get("/download-utf8", (req, res) => res.download(FILE, "\u20ac M\u00e4rz.pdf"));
  app.use("/static", factory.static(STATIC_ROOT, { setHeaders: latin1Headers }));
}

const REQUESTS = [
  ...Object.keys(ROUTES).map((path) => `/${path}`),
  { method: "HEAD", path: "/send-string" },
  "/array",
  "/append",
  "/no-etag/10",
  "/no-etag/1500",
  "/attachment",
  "/download",
  "/download-utf8",
  "/static/hello.js",
];

const OPTIONS = { extraHeaders: ["x-name"] };

compareSuite("header bytes 0x80-0xff, as on Express 5", build, REQUESTS, { ...OPTIONS, subject: Server });
compareSuite("header bytes 0x80-0xff, as on Express 4", build, REQUESTS, {
  ...OPTIONS,
  reference: express4,
  subject: Express4,
});
