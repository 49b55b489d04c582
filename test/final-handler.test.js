// The final handler (what answers when nothing else did), compared with Express 5's
// finalhandler: 404 pages, error status/headers, env-dependent messages, logging.
import { vi, describe, it, expect, beforeAll, afterAll } from "vitest";
import { compareSuite, differential } from "./helpers/compare.js";
import Server from "../src/index.js";
import { start, request, startPair } from "./helpers/server.js";
import { recordHeaderCalls, withoutPoweredBy } from "./helpers/header-calls.js";

let consoleError;
beforeAll(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50)); // Express logs after answering
  consoleError.mockRestore();
});

const fail = (props, message = "failure") => Object.assign(new Error(message), props);

const errors = {
  "status-418": fail({ status: 418 }),
  "statusCode-503": fail({ statusCode: 503 }),
  "status-wins": fail({ status: 401, statusCode: 502 }),
  "status-200": fail({ status: 200 }),
  "status-399": fail({ status: 399 }),
  "status-600": fail({ status: 600 }),
  "status-string": fail({ status: "404" }),
  "headers-with-status": fail({ status: 429, headers: { "Retry-After": "120", "X-Extra": "1" } }),
  "headers-without-status": fail({ headers: { "Retry-After": "120" } }),
  "headers-invalid-status": fail({ status: 200, headers: { "Retry-After": "120" } }),
  plain: new Error("plain"),
  "string-error": "just a string",
  "number-error": 404,
  "object-error": { status: 409 },
  "html-message": fail({ status: 400 }, "<script>alert(1)</script>"),
};

function buildErrors(app) {
  app.disable("x-powered-by");
  for (const [name, err] of Object.entries(errors)) app.all(`/err/${name}`, (req, res, next) => next(err));
  app.get("/err/after-status", (req, res, next) => {
    res.status(451);
    next(new Error("no status on error"));
  });
  app.get("/err/after-status-200", (req, res, next) => {
    res.status(201);
    next(new Error("no status on error"));
  });
  app.get("/err/with-headers-set", (req, res, next) => {
    res.set({
      "Content-Encoding": "gzip",
      "Content-Language": "fr",
      "Content-Range": "bytes 0-1/2",
      "X-Kept": "yes",
      "Cache-Control": "no-store",
    });
    next(fail({ status: 400 }));
  });
  app.get("/not-found/after-status", (req, res, next) => {
    res.status(503);
    next();
  });
  app.use("/mounted", (req, res, next) => next());
}

compareSuite(
  "error statuses, headers and pages in production",
  buildErrors,
  [
    ...Object.keys(errors).map((name) => `/err/${name}`),
    { method: "HEAD", path: "/err/status-418" },
    { method: "POST", path: "/err/plain", headers: { "content-type": "text/plain" }, body: "x".repeat(100_000) },
    "/err/after-status",
    "/err/after-status-200",
    "/err/with-headers-set",
    "/not-found/after-status",
    "/nothing/here",
    "/nothing/%3Cscript%3E?q=<x>",
    "/mounted/deep?x=1",
    { method: "HEAD", path: "/nothing" },
    { method: "DELETE", path: "/nothing" },
    {
      method: "POST",
      path: "/nothing",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ big: "y".repeat(200_000) }),
    },
  ],
  { extraHeaders: ["retry-after", "x-extra", "x-kept", "content-encoding", "content-language"] },
);

// Outside production the page shows err.stack (or err.toString()): pin it so both agree.
compareSuite(
  "error pages in development show the stack",
  (app) => {
    app.set("env", "development");
    app.get("/stack", (req, res, next) => {
      const err = fail({ status: 500 }, "dev failure");
      err.stack = "Error: dev failure\n    at somewhere (file.js:1:1)";
      next(err);
    });
    app.get("/no-stack", (req, res, next) => next({ toString: () => "custom toString", status: 400 }));
    app.get("/string", (req, res, next) => next("string in development"));
  },
  ["/stack", "/no-stack", "/string"],
);

// Loggers hook both ends (on-finished listens for the request's "end" and the response's
// "finish"): finalhandler reads the request to its end before it answers, so theirs come in
// that order, also for a GET nobody read and for a small body nobody parsed.
compareSuite(
  "the request ends before the final handler's answer finishes",
  (app) => {
    let last = [];
    app.get("/order", (req, res) => res.json(last));
    app.use((req, res, next) => {
      const events = (last = []);
      req.on("end", () => events.push("request end"));
      res.on("finish", () => events.push("response finish"));
      next();
    });
    app.get("/err", (req, res, next) => next(fail({ status: 400 })));
  },
  [
    "/missing",
    "/order",
    "/err",
    "/order",
    { method: "POST", path: "/missing", headers: { "content-type": "text/plain" }, body: "small" },
    "/order",
    { method: "POST", path: "/missing", headers: { "content-type": "text/plain" }, body: "x".repeat(200_000) },
    "/order",
  ],
);

describe("error logging", () => {
  let d;
  beforeAll(async () => {
    d = await differential(async (app) => {
      app.get("/prod", (req, res, next) => next(fail({ status: 500 }, "logged")));
      app.get("/client", (req, res, next) => next(fail({ status: 400 }, "client mistake")));
    });
  });
  afterAll(() => d.close());

  // Both servers share this process's console: request each alone.
  const logsFor = async (port) => {
    consoleError.mockClear();
    await request(port, { path: "/prod" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Only this error: logs of earlier suites' requests may still trickle in.
    return consoleError.mock.calls.filter(([logged]) => String(logged?.stack ?? logged).includes("logged"));
  };
  // What a console.error call prints from: the error object itself, so its own properties
  // (status, code...) show next to the stack, as Express prints them.
  const shape = ([logged, ...rest]) => ({
    error: logged instanceof Error,
    message: logged.message,
    status: logged.status,
    rest,
  });

  it("logs an error once per request outside env=test, the error object itself, like Express", async () => {
    const expressLogs = await logsFor(d.express.port);
    const libLogs = await logsFor(d.lib.port);
    expect([expressLogs.length, libLogs.length]).toEqual([1, 1]);
    expect(libLogs.map(shape)).toEqual(expressLogs.map(shape));
    expect(shape(libLogs[0])).toEqual({ error: true, message: "logged", status: 500, rest: [] });
  });

  // DIFF (deliberate): Express logs every error, so any client could flood the logs
  // with its own bad requests; lib-server logs server errors only.
  it("does not log a client's 4xx error (Express does)", async () => {
    consoleError.mockClear();
    await request(d.lib.port, { path: "/client" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(
      consoleError.mock.calls.filter(([logged]) => String(logged?.stack ?? logged).includes("client mistake")),
    ).toEqual([]);
  });

  it("does not log a 404", async () => {
    await new Promise((resolve) => setTimeout(resolve, 100)); // let earlier logs land first
    consoleError.mockClear();
    await request(d.express.port, { path: "/none" });
    await request(d.lib.port, { path: "/none" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("does not log in env=test", async () => {
    const quiet = await differential((app) => {
      app.set("env", "test");
      app.get("/e", (req, res, next) => next(new Error("quiet")));
    });
    try {
      consoleError.mockClear();
      await request(quiet.express.port, { path: "/e" });
      await request(quiet.lib.port, { path: "/e" });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(consoleError.mock.calls.filter(([logged]) => String(logged?.stack ?? logged).includes("quiet"))).toEqual(
        [],
      );
    } finally {
      await quiet.close();
    }
  });
});

describe("an error after the response started", () => {
  let d;
  beforeAll(async () => {
    d = await differential((app) => {
      app.get("/partial", (req, res, next) => {
        res.write("partial");
        next(new Error("too late"));
      });
      app.get("/ok", (req, res) => res.send("still serving"));
    });
  });
  afterAll(() => d.close());

  // The connection is cut: the client sees a truncated response or an error, never a page.
  const outcome = (port) =>
    request(port, { path: "/partial" }).then(
      (res) => ({ status: res.status, complete: false, body: res.text }),
      (err) => ({ error: err.code ?? err.message }),
    );

  it("ends the connection like Express and keeps serving", async () => {
    const [expected, actual] = await Promise.all([outcome(d.express.port), outcome(d.lib.port)]);
    expect(actual).toEqual(expected);
    const [e, a] = await d.both({ path: "/ok" });
    expect(a).toEqual(e);
  });
});

describe("hostile error objects never crash the process", () => {
  // lib-server only: Express itself throws from a timer on these and takes the process down.
  let server;
  beforeAll(async () => {
    const app = Server();
    app.get("/bad-header", (req, res, next) =>
      next(Object.assign(new Error("x"), { status: 400, headers: { "x-bad": "a\nb", "bad name": "v", "x-ok": "1" } })),
    );
    app.get("/status-getter", (req, res, next) => {
      const err = new Error("x");
      Object.defineProperty(err, "status", {
        get: () => {
          throw new Error("getter");
        },
      });
      next(err);
    });
    app.get("/stack-getter", (req, res, next) => {
      const err = new Error("x");
      Object.defineProperty(err, "stack", {
        get: () => {
          throw new Error("getter");
        },
      });
      next(err);
    });
    app.get("/ok", (req, res) => res.send("ok"));
    server = await start(app);
  });
  afterAll(() => server.close()); // console.error stays silenced by the file's spy

  it("skips invalid err.headers, keeps the valid ones", async () => {
    const res = await request(server.port, { path: "/bad-header" });
    expect(res.status).toBe(400);
    expect(res.headers["x-ok"]).toBe("1");
    expect(res.headers["x-bad"]).toBeUndefined();
  });

  for (const path of ["/status-getter", "/stack-getter"]) {
    it(`GET ${path} answers 500 and the server keeps serving`, async () => {
      expect((await request(server.port, { path })).status).toBe(500);
      await new Promise((resolve) => setTimeout(resolve, 20)); // let the error log run
      expect((await request(server.port, { path: "/ok" })).text).toBe("ok");
    });
  }
});

describe("header calls a wrapped setHeader/removeHeader sees", () => {
  // finalhandler removes Content-Encoding, Content-Language and Content-Range whether set or
  // not; lib-server skips the removals nobody could see.
  it("the same calls as Express's final handler, for a 404 and an error", async () => {
    const pair = await startPair((app) => {
      const calls = [];
      app.use(recordHeaderCalls(calls));
      app.get("/fail", (req, res, next) => next(Object.assign(new Error("nope"), { status: 418 })));
      return calls;
    });
    try {
      for (const path of ["/missing", "/fail"]) {
        const [reference, lib] = await pair.both(path);
        expect(lib.status, path).toBe(reference.status);
      }
      expect(withoutPoweredBy(pair.lib.context)).toEqual(withoutPoweredBy(pair.reference.context));
      expect(pair.lib.context).toContain("remove Content-Range");
    } finally {
      await pair.close();
    }
  });
});

describe("a request destroyed before anything answered it", () => {
  it("is still answered by the final handler (a tick later), and the server keeps serving", async () => {
    const app = new Server();
    const seen = [];
    app.get("/gone", (req, res, next) => {
      const end = res.end;
      res.end = function (...args) {
        seen.push("final handler answered");
        return end.apply(this, args);
      };
      req.destroy();
      // Its 'close' already emitted when the final handler runs.
      req.once("close", () =>
        setImmediate(() => {
          next();
          seen.push("after next()");
        }),
      );
    });
    app.get("/ok", (req, res) => res.send("still serving"));
    const server = await start(app);
    try {
      const outcome = await request(server.port, { path: "/gone" }).then(
        (res) => `answered ${res.status}`,
        (err) => `cut: ${err.code ?? err.message}`,
      );
      expect(outcome).toMatch(/^cut: /);
      // A tick later, as stream.finished() called back on a destroyed stream.
      await vi.waitFor(() => expect(seen).toEqual(["after next()", "final handler answered"]));
      const ok = await request(server.port, { path: "/ok" });
      expect([ok.status, ok.text]).toEqual([200, "still serving"]);
    } finally {
      await server.close();
    }
  });
});
