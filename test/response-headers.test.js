// res.send/res.json store Content-Type, Content-Length and ETag straight into Node's header
// storage when setHeader/getHeader are Node's own (src/response.js, headerOf/setValidHeader).
// Nothing of that may show: the same headers, names, values and order on the wire and
// through getHeader/getHeaders afterwards as through setHeader, and every call still
// reaches a setHeader/getHeader that middleware replaced.
import { describe, it, expect, afterEach } from "vitest";
import Server from "../src/index.js";
import { start, rawRequest, startPair, view } from "./helpers/server.js";
import { recordHeaderCalls, withoutPoweredBy } from "./helpers/header-calls.js";

let started;
afterEach(() => started?.close());

const routes = (app) => {
  app.get("/text", (req, res) => res.send("hello"));
  app.get("/typed", (req, res) => res.type("text/plain").send("plain"));
  app.get("/latin1", (req, res) => res.set("Content-Type", "text/plain; charset=iso-8859-1").send("café"));
  app.get("/json", (req, res) => res.json({ a: 1 }));
  app.get("/buffer", (req, res) => res.send(Buffer.from("bytes")));
  app.get("/preset", (req, res) => res.set("X-First", "1").set("ETag", '"mine"').send("body"));
  app.get("/chunked", (req, res) => res.set("Transfer-Encoding", "chunked").send("chunky"));
  app.get("/strong", (req, res) => res.send("strong"));
  return app;
};
const PATHS = ["/text", "/typed", "/latin1", "/json", "/buffer", "/preset", "/chunked"];

// What a response looked like from inside (after it finished) and on the wire.
async function observe(app, path) {
  let seen;
  app.use((req, res, next) => {
    res.on("finish", () => {
      seen = {
        names: res.getHeaderNames(),
        headers: res.getHeaders(),
        length: res.getHeader("Content-Length"),
        etag: res.getHeader("etag"),
      };
    });
    next();
  });
  routes(app);
  started = await start(app);
  const { text } = await rawRequest(started, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
  await started.close();
  started = undefined;
  const wire = text.replace(/^Date: .*\r\n/m, "");
  return { wire, ...seen };
}

// The same app with setHeader/getHeader wrapped (pass-through): lib-server then calls them.
function wrapped(calls) {
  const app = new Server();
  app.use((req, res, next) => {
    const set = res.setHeader;
    const get = res.getHeader;
    res.setHeader = function setHeader(name, value) {
      calls.push(`set ${name}`);
      return set.call(this, name, value);
    };
    res.getHeader = function getHeader(name) {
      calls.push(`get ${name}`);
      return get.call(this, name);
    };
    next();
  });
  return app;
}

describe("res.send/res.json headers without setHeader's checks", () => {
  for (const path of PATHS) {
    it(`${path}: the same headers, in the same order, as through a wrapped setHeader`, async () => {
      const fast = await observe(new Server(), path);
      const calls = [];
      const slow = await observe(wrapped(calls), path);
      expect(fast).toEqual(slow);
      expect(calls.some((call) => call.startsWith("set "))).toBe(true);
    });
  }

  it("a wrapped setHeader/getHeader sees every header res.send and res.json set and read", async () => {
    const calls = [];
    const app = routes(wrapped(calls));
    started = await start(app);
    await started.request("/text");
    expect(calls).toEqual([
      "get Content-Type",
      "set Content-Type",
      "get ETag",
      "get Transfer-Encoding",
      "set Content-Length",
      "set ETag",
    ]);
    calls.length = 0;
    await started.request("/json");
    expect(calls).toEqual([
      "get Content-Type",
      "set Content-Type",
      "get Content-Type",
      "set Content-Type",
      "get ETag",
      "get Transfer-Encoding",
      "set Content-Length",
      "set ETag",
    ]);
  });

  it("a setHeader on the app's response prototype is called too", async () => {
    const app = routes(new Server());
    const names = [];
    const set = app.response.setHeader;
    app.response.setHeader = function setHeader(name, value) {
      names.push(name);
      return set.call(this, name, value);
    };
    started = await start(app);
    const res = await started.request("/text");
    expect(res.status).toBe(200);
    expect(names).toEqual(["Content-Type", "Content-Length", "ETag"]);
  });

  it("headers already sent: res.send throws setHeader's error, as before", async () => {
    let error;
    const app = new Server();
    app.get("/", (req, res) => {
      res.write("a");
      try {
        res.send("b");
      } catch (err) {
        error = err;
      }
      res.end();
    });
    started = await start(app);
    await started.request("/");
    expect(error?.code).toBe("ERR_HTTP_HEADERS_SENT");
  });

  it("an etag function of the app's own still has its value checked by setHeader", async () => {
    let error;
    const app = new Server();
    app.set("etag", () => "bad\nvalue");
    app.get("/", (req, res) => {
      try {
        res.send("x");
      } catch (err) {
        error = err;
        res.removeHeader("Content-Length");
        res.end();
      }
    });
    started = await start(app);
    await started.request("/");
    expect(error?.code).toBe("ERR_INVALID_CHAR");
  });

  it("strong ETags are stored as setHeader would store them", async () => {
    const app = routes(new Server());
    app.set("etag", "strong");
    started = await start(app);
    const res = await started.request("/strong");
    expect(res.headers.etag).toMatch(/^"6-[\w+/]{27}"$/);
  });
});

// Middleware reading headers back (pino-http logs Content-Length, say) sees what Express
// stored: its res.set() makes strings, finalhandler and send store numbers.
describe("header values as stored, compared with Express 5", () => {
  const PROBED = ["/send", "/buffer", "/json", "/jsonp", "/status", "/redirect", "/reset", "/missing"];

  it.each(PROBED)("%s: the same Content-Length and ETag values and types through getHeader", async (path) => {
    const pair = await startPair((app) => {
      const seen = [];
      app.use((req, res, next) => {
        res.on("finish", () =>
          seen.push(
            ["content-length", "etag", "content-type"].map((name) => [
              name,
              typeof res.getHeader(name),
              res.getHeader(name),
            ]),
          ),
        );
        next();
      });
      app.get("/send", (req, res) => res.send("hello"));
      app.get("/buffer", (req, res) => res.send(Buffer.from("bytes")));
      app.get("/json", (req, res) => res.json({ a: 1 }));
      app.get("/jsonp", (req, res) => res.jsonp({ a: 1 }));
      app.get("/status", (req, res) => res.sendStatus(202));
      app.get("/redirect", (req, res) => res.redirect("/elsewhere"));
      app.get("/reset", (req, res) => res.status(205).send("gone"));
      return seen;
    });
    try {
      const [reference, lib] = await pair.both(path);
      expect(lib.status).toBe(reference.status);
      await new Promise((resolve) => setImmediate(resolve));
      expect(pair.lib.context).toEqual(pair.reference.context);
      expect(pair.lib.context).toHaveLength(1);
    } finally {
      await pair.close();
    }
  });
});

// Express's res.send removes Content-Type, Content-Length and Transfer-Encoding for a 204 or
// 304; lib-server rebuilds Node's header storage instead when nobody could see the calls.
describe("res.send's 204 and 304 against Express 5", () => {
  const NAMES = ["content-type", "content-length", "transfer-encoding", "etag", "x-kept"];

  it.each(["/fresh", "/no-content", "/fresh?wrap", "/no-content?wrap"])(
    "%s: the same answer, and the same header calls when wrapped",
    async (path) => {
      const pair = await startPair((app) => {
        const calls = [];
        app.use(recordHeaderCalls(calls, (req) => req.query.wrap !== undefined));
        app.get("/fresh", (req, res) => res.set("X-Kept", "1").send("hello"));
        app.get("/no-content", (req, res) => res.set("X-Kept", "1").status(204).json({ a: 1 }));
        return calls;
      });
      try {
        const [first] = await pair.both(path);
        const headers = path.startsWith("/fresh") ? { "if-none-match": first.headers.etag } : {};
        const [reference, lib] = await pair.both({ path, headers });
        expect(lib.status).toBe(path.startsWith("/fresh") ? 304 : 204);
        expect(view(lib, NAMES)).toEqual(view(reference, NAMES));
        expect(withoutPoweredBy(pair.lib.context)).toEqual(withoutPoweredBy(pair.reference.context));
      } finally {
        await pair.close();
      }
    },
  );
});

// Every Express response stores a header from the start (X-Powered-By), so Node's writeHead
// merges the headers it is given into the stored ones; lib-server's responses start with an
// empty storage (src/node-internals/header-storage.js, startHeaderStorage) for the same effect.
describe("headers given to writeHead, against Express 5", () => {
  it.each(["listen", "createServer"])("through %s: read back afterwards as in Express", async (via) => {
    const pair = await startPair(
      (app) => {
        const seen = [];
        app.get("/", (req, res) => {
          res.writeHead(201, { "X-Given": "1", "Content-Type": "text/plain" });
          seen.push({
            given: res.getHeader("x-given"),
            hasType: res.hasHeader("content-type"),
            names: res.getHeaderNames().filter((name) => name !== "x-powered-by"),
          });
          res.end("ok");
        });
        return seen;
      },
      { via },
    );
    try {
      for (let i = 0; i < 2; i++) {
        const [reference, lib] = await pair.both("/");
        expect(view(lib, ["x-given", "content-type"])).toEqual(view(reference, ["x-given", "content-type"]));
      }
      expect(pair.lib.context).toEqual(pair.reference.context);
      expect(pair.lib.context[0]).toEqual({ given: "1", hasType: true, names: ["x-given", "content-type"] });
    } finally {
      await pair.close();
    }
  });
});

// lib-server's responses remember the header names Node's setHeader accepted and store a
// valid value under a remembered name themselves (src/node-internals/header-storage.js,
// setHeader): every call must still answer, throw and store as Express's (Node's) does.
describe("res.setHeader against Express 5", () => {
  const CALLS = [
    ["X-Request-Id", "abc"],
    ["x-request-id", "same header, lower case"],
    ["Content-Security-Policy", "default-src 'self'"],
    ["X-Count", 12],
    ["X-Latin", "caf\u00e9"],
    ["X-Bad", "a\r\nInjected: 1"],
    ["X-Request-Id", "remembered name, \r\nInjected: 1"],
    ["X-Request-Id", undefined],
    ["X-Request-Id", ["a", "b\n"]],
    ["X-Undefined", undefined],
    ["Bad Name", "x"],
    ["X-Array", ["a", "b"]],
    ["X-Null", null],
  ];
  const outcome = (res, name, value) => {
    try {
      res.setHeader(name, value);
      return "ok";
    } catch (error) {
      return `${error.code} ${error.message}`;
    }
  };

  it.each(["createServer", "listen"])("through %s: the same outcomes, names and headers, twice", async (via) => {
    const pair = await startPair(
      (app) => {
        app.get("/", (req, res) => {
          const answers = CALLS.map(([name, value]) => outcome(res, name, value));
          res.removeHeader("X-Powered-By");
          const seen = { answers, raw: res.getRawHeaderNames(), headers: res.getHeaders() };
          res.json(seen);
        });
      },
      { via },
    );
    try {
      for (let round = 0; round < 2; round++) {
        const [reference, lib] = await pair.both("/");
        expect(lib.status).toBe(200);
        expect(JSON.parse(lib.text)).toEqual(JSON.parse(reference.text));
        expect(lib.headers["x-request-id"]).toBe("same header, lower case");
        expect(lib.headers["x-count"]).toBe("12");
        expect(lib.headers.injected).toBeUndefined();
      }
    } finally {
      await pair.close();
    }
  });
});
