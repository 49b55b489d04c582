// Real npm middleware over HTTP/2: each app is served by `app.listen({ http2: true })` over
// TLS and over h2c, and every request goes to that port twice, over HTTP/1.1 and over h2
// (Node's http2 client). The answers must agree: status, end-to-end headers (not the
// connection-specific ones nor Date) and body. Stateful middleware (sessions, rate limits)
// gets one client per protocol and must count the same way for both.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import http from "node:http";
import zlib from "node:zlib";
import compression from "compression";
import session from "express-session";
import cors from "cors";
import helmet from "helmet";
import morgan from "morgan";
import cookieParser from "cookie-parser";
import multer from "multer";
import { rateLimit } from "express-rate-limit";
import { createProxyMiddleware } from "http-proxy-middleware";
import { TRANSPORTS, serveBoth, comparable } from "./clients.js";
import { eventually, CookieJar } from "../../middleware/harness.js";

/** describe() over each transport, with the app built and served for it. */
function overEachTransport(title, build, body) {
  for (const transport of TRANSPORTS) {
    describe(`${title} over ${transport}`, () => {
      const server = {};
      beforeAll(async () => Object.assign(server, await serveBoth(build, transport)));
      afterAll(() => server.close?.());
      body(server, transport);
    });
  }
}

/** The same request over HTTP/1.1 and h2, one after the other: [h1 answer, h2 answer]. */
async function both(server, req) {
  const h1 = await server.h1(req);
  const h2 = await server.h2(req);
  return [h1, h2];
}

/** Sends `req` over both protocols and expects `shape` of the answers to agree. */
async function expectSame(server, req, shape = comparable) {
  const [h1, h2] = await both(server, req);
  expect(shape(h2)).toEqual(shape(h1));
  return [h1, h2];
}

// --- compression --------------------------------------------------------------------------

const TEXT = "lib-server compresses over h2 as over HTTP/1.1. ".repeat(80);
const CHUNKS = ["first ", "second ".repeat(300), "last"];
const decoders = { gzip: zlib.gunzipSync, deflate: zlib.inflateSync, br: zlib.brotliDecompressSync };
const decoded = (response) => {
  const decoder = decoders[response.headers["content-encoding"]];
  return { ...comparable(response), body: (decoder ? decoder(response.body) : response.body).toString() };
};

overEachTransport(
  "compression",
  (app) => {
    app.use(compression());
    app.get("/text", (req, res) => res.type("text").send(TEXT));
    app.get("/json", (req, res) => res.json({ text: TEXT }));
    app.get("/tiny", (req, res) => res.send("tiny"));
    app.get("/stream", (req, res) => {
      res.type("text");
      res.write(CHUNKS[0]);
      setImmediate(() => {
        res.write(CHUNKS[1]);
        res.flush();
        res.end(CHUNKS[2]);
      });
    });
  },
  (server) => {
    for (const encoding of ["gzip", "br", "deflate"]) {
      it(`encodes res.send, res.json and streamed writes with ${encoding}`, async () => {
        for (const path of ["/text", "/json", "/stream"]) {
          const [h1, h2] = await expectSame(server, { path, headers: { "accept-encoding": encoding } }, decoded);
          expect([path, h1.headers["content-encoding"], h2.headers["content-encoding"]]).toEqual([
            path,
            encoding,
            encoding,
          ]);
        }
        expect(decoded(await server.h2({ path: "/stream", headers: { "accept-encoding": encoding } })).body).toBe(
          CHUNKS.join(""),
        );
      });
    }

    it("leaves small answers and clients without Accept-Encoding alone", async () => {
      await expectSame(server, { path: "/tiny", headers: { "accept-encoding": "gzip" } });
      const [, h2] = await expectSame(server, "/text");
      expect(h2.headers["content-encoding"]).toBeUndefined();
    });
  },
);

// --- express-session and cookie-parser ------------------------------------------------------

/** A client per protocol, each with its own cookie jar. */
function jarClient(send) {
  const jar = new CookieJar();
  return async (req) => {
    const cookie = jar.header();
    const response = await send({ ...req, headers: { ...req.headers, ...(cookie ? { cookie } : {}) } });
    jar.store(response);
    return response;
  };
}

// A session cookie's value is random: compare its name and attributes.
const sessionShape = (response) => {
  const { headers, ...rest } = comparable(response);
  const setCookie = headers["set-cookie"]?.map((line) => line.replace(/^(sid=)[^;]+/, "$1<value>"));
  return { ...rest, headers: { ...headers, ...(setCookie ? { "set-cookie": setCookie } : {}) } };
};

overEachTransport(
  "express-session",
  (app) => {
    app.use(
      session({
        name: "sid",
        secret: "h2 secret",
        resave: false,
        saveUninitialized: false,
        cookie: { secure: "auto", sameSite: "lax" },
      }),
    );
    app.get("/visit", (req, res) => {
      req.session.visits = (req.session.visits ?? 0) + 1;
      res.json({ visits: req.session.visits, secure: req.secure });
    });
    app.get("/logout", (req, res, next) => req.session.destroy((error) => (error ? next(error) : res.send("bye"))));
  },
  (server, transport) => {
    // express-session's res.end calls res._implicitHeader() whenever it saves a session.
    it("keeps a session per client across requests, with a Secure cookie over TLS only", async () => {
      const h1 = jarClient(server.h1);
      const h2 = jarClient(server.h2);
      for (const visits of [1, 2, 3]) {
        const [a, b] = [await h1({ path: "/visit" }), await h2({ path: "/visit" })];
        expect(sessionShape(b)).toEqual(sessionShape(a));
        expect(JSON.parse(b.text)).toEqual({ visits, secure: transport === "tls" });
      }
      const [a, b] = [await h1({ path: "/visit" }), await h2({ path: "/visit" })];
      expect(a.headers["set-cookie"]).toBeUndefined(); // saved, not set again
      expect(sessionShape(b)).toEqual(sessionShape(a));
      const first = sessionShape(await jarClient(server.h2)({ path: "/visit" }));
      expect(first.headers["set-cookie"][0]).toBe(
        `sid=<value>; Path=/; HttpOnly;${transport === "tls" ? " Secure;" : ""} SameSite=Lax`,
      );
      expect(sessionShape(await h2({ path: "/logout" }))).toEqual(sessionShape(await h1({ path: "/logout" })));
      expect(JSON.parse((await h2({ path: "/visit" })).text).visits).toBe(1);
    });
  },
);

overEachTransport(
  "cookie-parser",
  (app) => {
    app.use(cookieParser("cookie secret"));
    app.get("/cookies", (req, res) => res.json({ cookies: req.cookies, signed: req.signedCookies }));
    app.get("/set", (req, res) => {
      res.cookie("plain", "value", { path: "/" });
      res.cookie("signed", { a: 1 }, { signed: true, httpOnly: true });
      res.clearCookie("old");
      res.send("set");
    });
  },
  (server) => {
    it("sets plain, signed and cleared cookies alike", async () => {
      const [h1] = await expectSame(server, "/set");
      expect(h1.headers["set-cookie"]).toHaveLength(3);
    });

    it("parses the Cookie header, signed cookies and JSON cookies alike", async () => {
      const set = await server.h1("/set");
      const signed = set.headers["set-cookie"].find((line) => line.startsWith("signed=")).split(";")[0];
      const [, h2] = await expectSame(server, {
        path: "/cookies",
        headers: { cookie: `plain=value; ${signed}; forged=s%3Ax.bad` },
      });
      expect(JSON.parse(h2.text)).toEqual({ cookies: { plain: "value" }, signed: { signed: { a: 1 }, forged: false } });
    });

    // RFC 9113 §8.2.3: an h2 client may split the Cookie header into one field per cookie.
    it("reads cookies an h2 client sent as separate header fields", async () => {
      const joined = await server.h1({ path: "/cookies", headers: { cookie: "a=1; b=2; c=3" } });
      const split = await server.h2({ path: "/cookies", headers: { cookie: ["a=1", "b=2", "c=3"] } });
      expect(comparable(split)).toEqual(comparable(joined));
    });
  },
);

// --- cors, helmet ---------------------------------------------------------------------------

overEachTransport(
  "cors",
  (app) => {
    app.use(
      "/api",
      cors({ origin: ["https://app.example"], credentials: true, exposedHeaders: ["X-Total"], maxAge: 600 }),
    );
    app.get("/api/items", (req, res) => res.set("X-Total", "3").json([1, 2, 3]));
    app.put("/api/items", (req, res) => res.sendStatus(204));
    app.get("/open", cors(), (req, res) => res.send("open"));
  },
  (server) => {
    const cases = {
      "preflight from an allowed origin": {
        method: "OPTIONS",
        path: "/api/items",
        headers: {
          origin: "https://app.example",
          "access-control-request-method": "PUT",
          "access-control-request-headers": "x-token, content-type",
        },
      },
      "preflight from another origin": {
        method: "OPTIONS",
        path: "/api/items",
        headers: { origin: "https://evil.example", "access-control-request-method": "PUT" },
      },
      "simple request from an allowed origin": { path: "/api/items", headers: { origin: "https://app.example" } },
      "simple request from another origin": { path: "/api/items", headers: { origin: "https://evil.example" } },
      "PUT after the preflight": { method: "PUT", path: "/api/items", headers: { origin: "https://app.example" } },
      "wildcard origin": { path: "/open", headers: { origin: "https://any.example" } },
    };
    for (const [name, req] of Object.entries(cases)) {
      it(name, async () => {
        const [h1] = await expectSame(server, req);
        if (req.method === "OPTIONS") expect(h1.status).toBe(204);
      });
    }
  },
);

overEachTransport(
  "helmet",
  (app) => {
    app.use(helmet());
    app.get("/", (req, res) => res.send("<p>secured</p>"));
    app.get("/relaxed", helmet({ contentSecurityPolicy: false, strictTransportSecurity: { maxAge: 60 } }), (req, res) =>
      res.json({ ok: true }),
    );
  },
  (server) => {
    it("sets the same security headers on every answer", async () => {
      const [, h2] = await expectSame(server, "/");
      expect(h2.headers["content-security-policy"]).toMatch(/default-src 'self'/);
      expect(h2.headers["strict-transport-security"]).toBeDefined();
      expect(h2.headers["x-powered-by"]).toBeUndefined();
      await expectSame(server, "/relaxed");
      await expectSame(server, "/missing");
    });
  },
);

// --- morgan ---------------------------------------------------------------------------------

overEachTransport(
  "morgan",
  (app) => {
    const lines = [];
    const stream = { write: (line) => lines.push(line) };
    app.use(morgan("combined", { stream }));
    app.use(morgan(":method :url :status :res[content-length] :req[x-request-id] :remote-addr", { stream }));
    app.get("/items", (req, res) => res.json([1, 2, 3]));
    app.post("/items", (req, res) => res.status(201).send("created"));
    return lines;
  },
  (server) => {
    // What differs by design: the protocol version in "combined", and the clock.
    const normalize = (line) => line.replace(/\[[^\]]+\]/, "[DATE]").replace('HTTP/2.0"', 'HTTP/1.1"');

    it("logs the same lines for the same requests, HTTP/2.0 as the version", async () => {
      const lines = server.context;
      for (const req of [
        {
          path: "/items?x=1",
          headers: { "user-agent": "vitest", referer: "https://ref.example/", "x-request-id": "r-1" },
        },
        { method: "POST", path: "/items", body: "x" },
        "/missing",
      ]) {
        lines.length = 0;
        await server.h1(req);
        await eventually(() => lines.length === 2);
        const h1Lines = lines.splice(0);
        await server.h2(req);
        await eventually(() => lines.length === 2);
        expect(lines[0]).toMatch(/^127\.0\.0\.1 - - \[.+\] "\w+ \/\S* HTTP\/2\.0" \d{3} /);
        expect(lines.map(normalize)).toEqual(h1Lines.map(normalize));
      }
    });
  },
);

// --- multer ---------------------------------------------------------------------------------

async function multipart(fields) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, ...value);
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get("content-type") };
}

overEachTransport(
  "multer",
  (app) => {
    const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: 64 * 1024 } });
    app.post("/upload", upload.fields([{ name: "doc" }, { name: "images", maxCount: 2 }]), (req, res) => {
      const files = Object.values(req.files ?? {})
        .flat()
        .map(({ fieldname, originalname, mimetype, size, buffer }) => ({
          fieldname,
          originalname,
          mimetype,
          size,
          text: buffer.toString(),
        }));
      res.json({ fields: req.body, files });
    });
    // The error multer raises for a file over the limit, as an app would answer it.
    app.use((err, req, res, next) =>
      err.code ? res.status(413).json({ code: err.code, field: err.field }) : next(err),
    );
  },
  (server) => {
    it("parses fields and files of a multipart upload", async () => {
      const { body, type } = await multipart([
        ["title", ["A report"]],
        ["tags", ["h2"]],
        ["tags", ["upload"]],
        ["doc", [new Blob(["the document's text"], { type: "text/plain" }), "report.txt"]],
        ["images", [new Blob(["<svg/>"], { type: "image/svg+xml" }), "a.svg"]],
        ["images", [new Blob([Buffer.alloc(40_000, 0x61)], { type: "application/octet-stream" }), "b.bin"]],
      ]);
      const [, h2] = await expectSame(server, {
        method: "POST",
        path: "/upload",
        headers: { "content-type": type },
        body,
      });
      const answer = JSON.parse(h2.text);
      expect(answer.fields).toEqual({ title: "A report", tags: ["h2", "upload"] });
      expect(answer.files.map((file) => [file.fieldname, file.originalname, file.size])).toEqual([
        ["doc", "report.txt", 19],
        ["images", "a.svg", 6],
        ["images", "b.bin", 40_000],
      ]);
    });

    it("rejects a file over the limit the same way", async () => {
      const { body, type } = await multipart([["doc", [new Blob([Buffer.alloc(70_000, 0x62)]), "big.bin"]]]);
      const [, h2] = await expectSame(server, {
        method: "POST",
        path: "/upload",
        headers: { "content-type": type },
        body,
      });
      expect(JSON.parse(h2.text)).toEqual({ code: "LIMIT_FILE_SIZE", field: "doc" });
    });
  },
);

// --- express-rate-limit ---------------------------------------------------------------------

// "reset=N" / RateLimit-Reset: seconds from now, equal up to a second boundary.
const rateShape = (response) => {
  const { headers, ...rest } = comparable(response);
  const masked = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, String(value).replace(/reset=\d+/, "reset=N")]),
  );
  for (const name of ["ratelimit-reset", "x-ratelimit-reset", "retry-after"]) delete masked[name];
  return { ...rest, headers: masked };
};

overEachTransport(
  "express-rate-limit",
  (app) => {
    const warnings = [];
    const logger = {
      warn: (error) => warnings.push(error.code ?? String(error)),
      error: (error) => warnings.push(error.code ?? String(error)),
    };
    // Counted per client IP, as by default: each protocol's client gets its own limiter.
    const limiter = () =>
      rateLimit({ windowMs: 60_000, limit: 2, standardHeaders: "draft-7", legacyHeaders: true, logger });
    const limiters = { h1: limiter(), h2: limiter() };
    app.get(
      "/limited/:side",
      (req, res, next) => limiters[req.params.side](req, res, next),
      (req, res) => res.json({ remaining: req.rateLimit.remaining, ip: req.ip }),
    );
    return warnings;
  },
  (server) => {
    it("counts per client IP and answers 429 after the limit, without configuration warnings", async () => {
      for (const expected of [200, 200, 429, 429]) {
        const h1 = await server.h1("/limited/h1");
        const h2 = await server.h2("/limited/h2");
        expect(rateShape(h2)).toEqual(rateShape(h1));
        expect(h2.status).toBe(expected);
        if (expected === 200) expect(JSON.parse(h2.text).ip).toBe("127.0.0.1");
      }
      expect(server.context).toEqual([]);
    });
  },
);

// --- http-proxy-middleware to an HTTP/1.1 backend --------------------------------------------

/**
 * An HTTP/1.1 backend echoing what it received. Its answers carry hop-by-hop headers
 * (Connection, Transfer-Encoding for the streamed one) that the proxy copies: over h2
 * they must be dropped, not make the answer fail.
 */
function startBackend() {
  const backend = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const names = Object.keys(req.headers);
      const seen = Object.fromEntries(
        ["host", "content-type", "content-length", "cookie", "x-custom", "x-forwarded-proto", "x-forwarded-for"].map(
          (name) => [name, req.headers[name]],
        ),
      );
      res.setHeader("X-Backend", "http/1.1");
      res.setHeader("Set-Cookie", ["b=1; Path=/"]);
      if (req.url.startsWith("/chunked")) {
        res.setHeader("Content-Type", "text/plain");
        res.write("streamed ");
        res.end("from the backend");
        return;
      }
      res.setHeader("Content-Type", "application/json");
      res.end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          headers: seen,
          pseudo: names.filter((name) => name.startsWith(":")),
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
  });
  return new Promise((resolve) => backend.listen(0, "127.0.0.1", () => resolve(backend)));
}

// http-proxy 1.18, under http-proxy-middleware 3 (the last line that installs on Node 20),
// calls util._extend, a runtime deprecation since Node 22: that one warning is kept off the
// test output, nothing else.
function muteDeprecation(code) {
  const emitWarning = process.emitWarning;
  beforeAll(() => {
    process.emitWarning = function (warning, ...rest) {
      if (rest.includes(code) || rest[0]?.code === code) return undefined;
      return emitWarning.call(this, warning, ...rest);
    };
  });
  afterAll(() => {
    process.emitWarning = emitWarning;
  });
}

describe("http-proxy-middleware", () => {
  muteDeprecation("DEP0060");
  let backend;
  const target = {};
  beforeAll(async () => {
    backend = await startBackend();
    target.url = `http://127.0.0.1:${backend.address().port}`;
  });
  afterAll(() => new Promise((resolve) => (backend ? backend.close(() => resolve()) : resolve())));

  overEachTransport(
    "proxying",
    (app) => {
      // The target is known once the backend listens (before this app is built).
      app.use("/api", createProxyMiddleware({ target: target.url, xfwd: true }));
      app.get("/local", (req, res) => res.send("local"));
    },
    (server, transport) => {
      it("forwards GET with the query string and the client's headers, no pseudo-headers", async () => {
        const [, h2] = await expectSame(server, {
          path: "/api/items?page=2",
          headers: { "x-custom": "1", cookie: "a=1" },
        });
        const echoed = JSON.parse(h2.text);
        expect(echoed).toMatchObject({
          method: "GET",
          url: "/items?page=2",
          pseudo: [],
          headers: { "x-custom": "1", cookie: "a=1", "x-forwarded-proto": transport === "tls" ? "https" : "http" },
        });
        expect(echoed.headers.host).toBe(new URL(server.base).host);
        expect(h2.headers["x-backend"]).toBe("http/1.1");
        expect(h2.headers.connection).toBeUndefined();
        expect(h2.headers["keep-alive"]).toBeUndefined();
      });

      it("forwards a POST body and streams a chunked answer back", async () => {
        const post = {
          method: "POST",
          path: "/api/echo",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ a: 1 }),
        };
        const [, h2] = await expectSame(server, post);
        expect(JSON.parse(h2.text)).toMatchObject({ method: "POST", url: "/echo", body: '{"a":1}' });
        const [, streamed] = await expectSame(server, "/api/chunked");
        expect(streamed.text).toBe("streamed from the backend");
        await expectSame(server, "/local");
      });
    },
  );
});

// --- Server-Sent Events ---------------------------------------------------------------------

overEachTransport(
  "Server-Sent Events",
  (app) => {
    // Each stream waits after its first event until the client has received it: the test
    // proves events are delivered as written, not when the answer ends.
    const waiting = [];
    app.get("/events", (req, res) => {
      res.set({ "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
      res.flushHeaders();
      res.write(`id: 1\ndata: first over HTTP/${req.httpVersionMajor}\n\n`);
      waiting.push(() => {
        res.write("id: 2\ndata: second\n\n");
        res.end("event: close\ndata: bye\n\n");
      });
    });
    return { release: () => waiting.shift()() };
  },
  (server) => {
    it("delivers each event as it is written, with the same headers and stream", async () => {
      const released = [];
      const onFirstEvent = (readable) =>
        readable.once("data", (chunk) => {
          released.push(String(chunk));
          server.context.release();
        });
      const h2 = await server.h2("/events", onFirstEvent);
      const h1 = await server.h1("/events", onFirstEvent);
      expect(released).toEqual(["id: 1\ndata: first over HTTP/2\n\n", "id: 1\ndata: first over HTTP/1\n\n"]);
      const shape = (response) => ({ ...comparable(response), body: response.text.replace(/HTTP\/\d/, "HTTP/N") });
      expect(shape(h2)).toEqual(shape(h1));
      expect(h2.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
      expect(h2.text).toBe("id: 1\ndata: first over HTTP/2\n\nid: 2\ndata: second\n\nevent: close\ndata: bye\n\n");
    });
  },
);
