// compression: every way an answer is written (res.send/json, res.write + res.end,
// res.sendFile, express.static, small and streamed files) passes through the middleware,
// is encoded as on Express 5 and decodes to the same bytes.
import { it, expect, beforeAll, afterAll } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { createHash } from "node:crypto";
import compression from "compression";
import Server from "../../src/index.js";
import { forEachMode, usePair } from "./harness.js";
import { start, request } from "../helpers/server.js";

const TEXT = "lib-server compresses like Express. ".repeat(60); // ~2 KB
const JSON_BODY = { items: Array.from({ length: 60 }, (_, i) => ({ id: i, name: `item ${i}` })) }; // ~2 KB
const BIG = JSON.stringify({ rows: Array.from({ length: 20_000 }, (_, i) => ({ i, v: "x".repeat(10) })) }); // ~560 KB, streamed from disk
const CHUNKS = ["first chunk ", "second chunk ".repeat(200), "last"];

let dir;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "mw-compression-"));
  fs.writeFileSync(path.join(dir, "page.txt"), TEXT);
  fs.writeFileSync(path.join(dir, "big.json"), BIG);
  fs.writeFileSync(path.join(dir, "tiny.txt"), "tiny");
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function build(app, factory) {
  app.use("/threshold", compression({ threshold: 4096 }));
  app.get("/threshold/small", (req, res) => res.send(TEXT));
  app.get("/threshold/large", (req, res) => res.send(TEXT.repeat(3)));

  app.use("/c", compression());
  app.get("/c/text", (req, res) => res.type("text").send(TEXT));
  app.get("/c/json", (req, res) => res.json(JSON_BODY));
  app.get("/c/tiny", (req, res) => res.send("tiny"));
  app.get("/c/stream", (req, res) => {
    res.type("text");
    res.write(CHUNKS[0]);
    setTimeout(() => {
      res.write(CHUNKS[1]);
      res.flush(); // compression's own: pushes what zlib holds to the client now
      setTimeout(() => res.end(CHUNKS[2]), 5);
    }, 5);
  });
  app.get("/c/no-transform", (req, res) => res.set("Cache-Control", "no-transform").send(TEXT));
  app.get("/c/image", (req, res) => res.type("png").send(Buffer.alloc(4096, 7)));
  app.get("/c/file", (req, res) => res.sendFile(path.join(dir, "page.txt")));
  app.get("/c/big-file", (req, res) => res.sendFile("big.json", { root: dir }));
  app.use("/c/static", factory.static(dir));
}

const decoders = { gzip: zlib.gunzipSync, deflate: zlib.inflateSync, br: zlib.brotliDecompressSync };
const decode = (response) => {
  const decoder = decoders[response.headers["content-encoding"]];
  return (decoder ? decoder(response.body) : response.body).toString();
};

// What must match Express: how the body is framed and encoded, and the bytes it decodes to
// (as a digest: a failing comparison shouldn't print half a megabyte). File ETags are left
// out: lib-server's are strong "size-mtime(µs)" by design, send's weak; see the DIFF below.
const summary = (response, { file = false } = {}) => ({
  status: response.status,
  encoding: response.headers["content-encoding"],
  vary: response.headers.vary,
  type: response.headers["content-type"],
  length: response.headers["content-length"],
  chunked: response.headers["transfer-encoding"],
  etag: file ? undefined : response.headers.etag,
  decoded: createHash("sha1").update(decode(response)).digest("hex"),
});

const GZIP = { "accept-encoding": "gzip" };
const requests = {
  "2 KB text from res.send": { path: "/c/text", headers: GZIP },
  "2 KB JSON from res.json": { path: "/c/json", headers: GZIP },
  "res.write chunks, res.flush and res.end": { path: "/c/stream", headers: GZIP },
  "res.sendFile from the file cache": { path: "/c/file", headers: GZIP, file: true },
  "res.sendFile streamed from disk": { path: "/c/big-file", headers: GZIP, file: true },
  "static file": { path: "/c/static/page.txt", headers: GZIP, file: true },
  "static file streamed from disk": { path: "/c/static/big.json", headers: GZIP, file: true },
  "static HEAD": { method: "HEAD", path: "/c/static/page.txt", headers: GZIP, file: true },
  "res.send HEAD": { method: "HEAD", path: "/c/text", headers: GZIP },
  "Accept-Encoding: identity": { path: "/c/text", headers: { "accept-encoding": "identity" } },
  "no Accept-Encoding": { path: "/c/json" },
  "brotli preferred when offered": { path: "/c/json", headers: { "accept-encoding": "gzip, deflate, br" } },
  deflate: { path: "/c/text", headers: { "accept-encoding": "deflate" } },
  "below the default 1 KB threshold": { path: "/c/tiny", headers: GZIP },
  "below a 4 KB threshold": { path: "/threshold/small", headers: GZIP },
  "above a 4 KB threshold": { path: "/threshold/large", headers: GZIP },
  "Cache-Control: no-transform": { path: "/c/no-transform", headers: GZIP },
  "incompressible type": { path: "/c/image", headers: GZIP },
  "static 404 falls through to the final handler": { path: "/c/static/missing.txt", headers: GZIP },
};

forEachMode("compression", (mode) => {
  const pair = usePair(build, mode);

  for (const [title, req] of Object.entries(requests)) {
    it(title, async () => {
      const [expected, actual] = await pair.both(req);
      expect(summary(actual, req)).toEqual(summary(expected, req));
    });
  }

  it("gzips a 2 KB JSON answer to fewer bytes that decode to the same body", async () => {
    const [, actual] = await pair.both(requests["2 KB JSON from res.json"]);
    expect(actual.headers["content-encoding"]).toBe("gzip");
    expect(actual.headers["content-length"]).toBeUndefined();
    expect(actual.body.length).toBeLessThan(JSON.stringify(JSON_BODY).length / 4);
    expect(JSON.parse(decode(actual))).toEqual(JSON_BODY);
  });

  it("sees every write of a streamed answer and of files", async () => {
    const [, streamed] = await pair.both(requests["res.write chunks, res.flush and res.end"]);
    expect(streamed.headers["content-encoding"]).toBe("gzip");
    expect(decode(streamed)).toBe(CHUNKS.join(""));
    const [, file] = await pair.both(requests["static file streamed from disk"]);
    expect(file.headers["content-encoding"]).toBe("gzip");
    expect(decode(file)).toBe(BIG);
  });

  it("a conditional GET on a compressed route answers 304 without a body", async () => {
    const [first] = await pair.both(requests["2 KB JSON from res.json"]);
    const [expected, actual] = await pair.both({
      path: "/c/json",
      headers: { ...GZIP, "if-none-match": first.headers.etag },
    });
    expect(summary(actual)).toEqual(summary(expected));
    expect(actual.status).toBe(304);
    expect(actual.body.length).toBe(0);
  });

  // A strong ETag promises identical bytes (RFC 9110 §8.8.1), so the gzip and identity
  // bodies of one file must not share one.
  async function sharesStrongETag(target) {
    const gzip = await request(target, { path: "/c/static/page.txt", headers: GZIP });
    const identity = await request(target, { path: "/c/static/page.txt", headers: { "accept-encoding": "identity" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    return gzip.headers.etag === identity.headers.etag && !gzip.headers.etag.startsWith("W/");
  }

  it("Express: a compressed static file keeps a weak ETag", async () => {
    expect(await sharesStrongETag(pair.express)).toBe(false);
  });

  // File ETags are weak by default, as send's (W/"870-1a200c673ea"), so compression
  // changing the bytes but not the tag breaks no promise.
  it("lib-server: gzip and identity bodies of a file don't share a strong ETag", async () => {
    expect(await sharesStrongETag(pair.lib)).toBe(false);
  });

  it("leaves identity requests and small answers alone", async () => {
    const [, identity] = await pair.both(requests["Accept-Encoding: identity"]);
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.headers["content-length"]).toBe(String(TEXT.length));
    const [, small] = await pair.both(requests["below a 4 KB threshold"]);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.text).toBe(TEXT);
  });
});

// lib-server's static module can compress by itself; compression() in front must then
// neither encode twice nor leave an encoded body unmarked, while the copies warm up.
forEachMode("compression in front of Server.static({ compress, precompressed })", (mode) => {
  let server;
  beforeAll(async () => {
    fs.writeFileSync(path.join(dir, "page.txt.br"), zlib.brotliCompressSync(TEXT));
    const app = Server();
    app.use(compression());
    app.use(Server.static(dir, { compress: true, precompressed: true }));
    server = await start(app, { via: mode });
  });
  afterAll(() => server?.close());

  for (const [accept, encodings] of [
    ["gzip", ["gzip"]],
    ["gzip, br", ["br"]],
    ["identity", [undefined]],
  ]) {
    it(`Accept-Encoding: ${accept}`, async () => {
      for (const file of ["page.txt", "big.json"]) {
        for (let round = 0; round < 3; round++) {
          const response = await request(server, { path: `/${file}`, headers: { "accept-encoding": accept } });
          expect(encodings).toContain(response.headers["content-encoding"]);
          expect(response.headers.vary).toBe("Accept-Encoding");
          expect(decode(response)).toBe(file === "page.txt" ? TEXT : BIG);
          await new Promise((resolve) => setTimeout(resolve, 20)); // let background copies land
        }
      }
    });
  }
});
