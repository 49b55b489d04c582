// Every deprecated Express 4 call, each made twice (depd warns once per call site), on the
// factory named by argv[2] ("express4" or "lib-server"): test/express4/deprecations.test.js runs
// this on both in child processes and compares what depd prints on stderr.
import express4 from "express4";
import express from "../../src/express4/index.js";
import { request, start } from "../helpers/server.js";

const factory = process.argv[2] === "express4" ? express4 : express;
const file = new URL("../fixtures/express4/user.html", import.meta.url).pathname;

const calls = {
  param: (req, res) => res.send(String(req.param("a")) + req.param("b", "x")),
  accepts: (req, res) =>
    res.send(String([req.acceptsCharset("utf-8"), req.acceptsEncoding("gzip"), req.acceptsLanguage("en")])),
  host: (req, res) => res.send(req.host),
  sendStatus: (req, res) => res.send(201),
  sendStatusBody: (req, res) => res.send(201, "x"),
  sendBodyStatus: (req, res) => res.send("x", 201),
  json: (req, res) => res.json({}, 201),
  jsonStatus: (req, res) => res.json(201, {}),
  jsonp: (req, res) => res.jsonp({}, 201),
  jsonpStatus: (req, res) => res.jsonp(201, {}),
  status: (req, res) => res.status("201").status(201.5).end(),
  redirect: (req, res) => res.redirect("/x", 301),
  back: (req, res) => res.redirect("back"),
  location: (req, res) => res.location("back").end(),
  vary: (req, res) => res.vary().end(),
  clearCookie: (req, res) => res.clearCookie("a", { maxAge: 1000, expires: new Date(1) }).end(),
  sendfile: (req, res) => res.sendfile(file),
  hidden: (req, res) => res.sendFile(file, { hidden: true }),
};

const app = factory();
for (const [name, handler] of Object.entries(calls)) app.get(`/${name}`, handler);
const server = await start(app);
for (const name of Object.keys(calls)) {
  process.stderr.write(`-- ${name}\n`);
  for (let i = 0; i < 2; i++) await request(server, `/${name}`);
}
await server.close();
