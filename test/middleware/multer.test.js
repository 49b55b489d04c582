// multer: multipart uploads (files + text fields) into memory and onto disk, single and
// array fields, and limit errors handed to error middleware, compared with Express 5.
import { it, expect, afterAll } from "vitest";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import multer from "multer";
import { forEachMode, usePair } from "./harness.js";
import { request } from "../helpers/server.js";

const describeFile = (file) => ({
  fieldname: file.fieldname,
  originalname: file.originalname,
  mimetype: file.mimetype,
  size: file.size,
});

function build(app, factory) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mw-multer-"));
  const memory = multer({ storage: multer.memoryStorage() });
  const disk = multer({
    storage: multer.diskStorage({
      destination: dir,
      filename: (req, file, done) => done(null, `${file.fieldname}-${file.originalname}`),
    }),
  });
  const limited = multer({ storage: multer.memoryStorage(), limits: { fileSize: 10, fields: 2 } });

  // Body parsers in front must leave multipart requests to multer.
  app.use(factory.json(), factory.urlencoded());
  app.post("/memory/single", memory.single("avatar"), (req, res) => {
    res.json({ file: { ...describeFile(req.file), content: req.file.buffer.toString() }, body: req.body });
  });
  app.post("/memory/array", memory.array("photos", 2), (req, res) => {
    res.json({ files: req.files.map((f) => ({ ...describeFile(f), content: f.buffer.toString() })), body: req.body });
  });
  app.post("/disk", disk.single("doc"), async (req, res) => {
    const stored = await fs.promises.readFile(req.file.path, "utf8");
    res.json({
      file: describeFile(req.file),
      filename: req.file.filename,
      inDir: path.dirname(req.file.path) === dir,
      stored,
      body: req.body,
    });
  });
  app.post("/limited", limited.single("doc"), (req, res) => res.json({ ok: true }));
  app.post("/fields", memory.none(), (req, res) => res.json({ body: req.body, file: req.file ?? null }));
  app.post("/unhandled", limited.single("doc"), (req, res) => res.json({ ok: true }));
  app.use((err, req, res, next) => {
    if (req.path === "/unhandled") return next(err); // left to the final handler
    res
      .status(err instanceof multer.MulterError ? 413 : 500)
      .json({ name: err.name, code: err.code, field: err.field ?? null });
  });
  return dir;
}

/** A multipart request built once, so both servers get the very same bytes. */
async function multipart(pathName, fields) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, ...value);
  const encoded = new Response(form);
  return {
    method: "POST",
    path: pathName,
    headers: { "content-type": encoded.headers.get("content-type") },
    body: Buffer.from(await encoded.arrayBuffer()),
  };
}

const text = (value) => [value];
const file = (content, name, type = "text/plain") => [new Blob([content], { type }), name];

forEachMode("multer", (mode) => {
  const pair = usePair(build, mode, { expectedErrors: /MulterError: File too large/ }); // the final handlers log the unhandled error
  afterAll(() => {
    for (const target of [pair.express, pair.lib]) fs.rmSync(target.context, { recursive: true, force: true });
  });

  async function compare(req) {
    const [expected, actual] = await pair.both(req);
    expect({ status: actual.status, body: actual.text }).toEqual({ status: expected.status, body: expected.text });
    return { status: actual.status, json: JSON.parse(actual.text) };
  }

  it("upload.single into memory, with text fields", async () => {
    const req = await multipart("/memory/single", [
      ["title", text("Holiday")],
      ["avatar", file("PNG-ish bytes", "me.png", "image/png")],
      ["tags", text("a")],
    ]);
    const { json } = await compare(req);
    expect(json).toEqual({
      file: { fieldname: "avatar", originalname: "me.png", mimetype: "image/png", size: 13, content: "PNG-ish bytes" },
      body: { title: "Holiday", tags: "a" },
    });
  });

  it("upload.array with two files", async () => {
    const req = await multipart("/memory/array", [
      ["photos", file("one", "1.txt")],
      ["photos", file("two!", "2.txt")],
      ["album", text("trip")],
    ]);
    const { json } = await compare(req);
    expect(json.files.map((f) => [f.originalname, f.size, f.content])).toEqual([
      ["1.txt", 3, "one"],
      ["2.txt", 4, "two!"],
    ]);
    expect(json.body).toEqual({ album: "trip" });
  });

  it("diskStorage writes the file into the temp dir", async () => {
    const content = "x".repeat(100_000);
    const req = await multipart("/disk", [
      ["doc", file(content, "report.txt")],
      ["note", text("big")],
    ]);
    const { json } = await compare(req);
    expect(json).toMatchObject({ filename: "doc-report.txt", inDir: true, body: { note: "big" } });
    expect(json.stored).toBe(content);
  });

  it("a file over limits.fileSize reaches error middleware as LIMIT_FILE_SIZE", async () => {
    const req = await multipart("/limited", [["doc", file("more than ten bytes", "big.txt")]]);
    const { status, json } = await compare(req);
    expect(status).toBe(413);
    expect(json).toEqual({ name: "MulterError", code: "LIMIT_FILE_SIZE", field: "doc" });
  });

  it("too many text fields: LIMIT_FIELD_COUNT", async () => {
    const req = await multipart("/limited", [
      ["a", text("1")],
      ["b", text("2")],
      ["c", text("3")],
    ]);
    const { json } = await compare(req);
    expect(json.code).toBe("LIMIT_FIELD_COUNT");
  });

  it("more files than upload.array allows: LIMIT_UNEXPECTED_FILE", async () => {
    const req = await multipart("/memory/array", [
      ["photos", file("1", "1.txt")],
      ["photos", file("2", "2.txt")],
      ["photos", file("3", "3.txt")],
    ]);
    const { json } = await compare(req);
    expect(json).toEqual({ name: "MulterError", code: "LIMIT_UNEXPECTED_FILE", field: "photos" });
  });

  it("upload.none() takes text fields only", async () => {
    const { json } = await compare(
      await multipart("/fields", [
        ["a", text("1")],
        ["b", text("two")],
      ]),
    );
    expect(json).toEqual({ body: { a: "1", b: "two" }, file: null });
    const refused = await compare(
      await multipart("/fields", [
        ["a", text("1")],
        ["f", file("x", "x.txt")],
      ]),
    );
    expect(refused.json.code).toBe("LIMIT_UNEXPECTED_FILE");
  });

  it("a large upload over the limit is refused early, and the connection stays usable", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const req = await multipart("/limited", [["doc", file("y".repeat(2_000_000), "huge.bin")]]);
      for (const target of [pair.express, pair.lib]) {
        const refused = await request(target, { ...req, agent });
        expect(JSON.parse(refused.text)).toEqual({ name: "MulterError", code: "LIMIT_FILE_SIZE", field: "doc" });
        // Same socket: the rest of the refused body must not be read as a new request.
        const next = await request(target, { ...(await multipart("/fields", [["a", text("after")]])), agent });
        expect(JSON.parse(next.text)).toEqual({ body: { a: "after" }, file: null });
      }
    } finally {
      agent.destroy();
    }
  });

  it("an unhandled multer error gets the final handler's 500 page", async () => {
    const req = await multipart("/unhandled", [["doc", file("more than ten bytes", "big.txt")]]);
    const [expected, actual] = await pair.both(req);
    expect({ status: actual.status, body: actual.text }).toEqual({ status: expected.status, body: expected.text });
    expect(actual.status).toBe(500);
  });

  it("a malformed multipart body is an error, not a hang", async () => {
    const req = {
      method: "POST",
      path: "/fields",
      headers: { "content-type": "multipart/form-data; boundary=zzz" },
      body: "--zzz\r\nnot a part",
    };
    const { status } = await compare(req);
    expect(status).toBe(500);
  });

  it("JSON and urlencoded bodies still pass through the same app", async () => {
    const json = {
      method: "POST",
      path: "/fields",
      headers: { "content-type": "application/json" },
      body: '{"a":"j"}',
    };
    expect((await compare(json)).json).toEqual({ body: { a: "j" }, file: null });
    const form = {
      method: "POST",
      path: "/fields",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "a=u&b=2",
    };
    expect((await compare(form)).json).toEqual({ body: { a: "u", b: "2" }, file: null });
  });
});
