// compose() mounted in real apps, over HTTP: return values, ordering, nesting,
// error routing and interplay with Express-style middleware.
import { Readable } from "node:stream";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compose } from "../../src/compose.js";
import { frameworks } from "./frameworks.js";
import { start } from "../helpers/server.js";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe.each(frameworks)("compose() on $name", ({ create, core }) => {
  let server;
  // Records of what ran, per request id (header x-id), for ordering assertions.
  const trace = new Map();
  const log = (ctx, entry) => {
    const id = ctx.get("x-id");
    if (!trace.has(id)) trace.set(id, []);
    trace.get(id).push(entry);
  };
  const step = (name) => (ctx) => void log(ctx, name);
  const asyncStep = (name) => async (ctx) => {
    await tick();
    log(ctx, name);
  };

  beforeAll(async () => {
    const app = create();
    // Any body parser does: ctx.body only reads req.body.
    app.use(express.json());

    // Return-value semantics, sync and async.
    const values = {
      string: () => "hello",
      buffer: () => Buffer.from("buf"),
      uint8: () => new Uint8Array([104, 105]),
      object: () => ({ ok: true }),
      array: () => [1, 2],
      number: () => 42,
      boolean: () => false,
      null: () => null,
      stream: () => Readable.from(["str", "eam"]),
    };
    for (const [name, make] of Object.entries(values)) {
      app.get(`/value/${name}`, compose(make));
      app.get(
        `/async-value/${name}`,
        compose(async () => make()),
      );
    }
    app.get(
      "/value/stream-typed",
      compose(
        (ctx) => void ctx.type("text/plain"),
        () => Readable.from(["x"]),
      ),
    );

    app.get("/order", compose(step("a"), asyncStep("b"), step("c"), [asyncStep("d"), [step("e")]], step("f")));
    app.get(
      "/state",
      compose(
        (ctx) => void (ctx.state.n = 1),
        async (ctx) => void (ctx.state.n += 1),
        (ctx) => ctx.state,
      ),
    );

    // Early stop: explicit send, returned value, returned ctx counts as nothing.
    app.get(
      "/stop-sent",
      compose((ctx) => ctx.status(401).json({ error: "no token" }), step("after")),
    );
    app.get(
      "/stop-value",
      compose(() => "first", step("after")),
    );
    app.get(
      "/stop-async-sent",
      compose(async (ctx) => void ctx.res.status(202).end(), step("after")),
    );
    app.get(
      "/ctx-return",
      compose(
        (ctx) => ctx.status(201),
        () => "created",
      ),
    );

    // Nothing sent: next() reaches the following Express middleware.
    app.get("/fallthrough", compose(step("a"), asyncStep("b")), (req, res) => res.send("express"));
    app.get("/fallthrough-sync", compose(step("a")), (req, res) => res.send("express"));

    // Nesting.
    const inner = compose(step("i1"), (ctx) => void (ctx.state.inner = true), step("i2"));
    app.get(
      "/nested",
      compose(step("o1"), inner, step("o2"), (ctx) => ctx.state),
    );
    app.get(
      "/nested-value",
      compose(
        step("o1"),
        compose(asyncStep("i1"), () => "from inner"),
        step("o2"),
      ),
    );
    app.get(
      "/nested-twice",
      compose(inner, compose(inner, compose({ errors: false }, step("deep"))), () => "ok"),
    );
    app.get(
      "/nested-catch-scope",
      compose(
        () => {
          throw new Error("outer");
        },
        compose(compose.catch(() => "inner catch must not see outer errors")),
        compose.catch((err) => ({ caught: err.message })),
      ),
    );
    app.get(
      "/nested-error-bubbles",
      compose(
        compose(asyncStep("i1"), () => {
          throw new Error("inner");
        }),
        step("skipped"),
        compose.catch((err) => ({ caught: err.message })),
      ),
    );
    app.get(
      "/nested-catch-handles",
      compose(
        compose(
          async () => {
            throw new Error("inner");
          },
          compose.catch((err, ctx) => void log(ctx, `handled ${err.message}`)),
        ),
        () => "outer continues",
      ),
    );

    // Errors on: catch steps.
    const boom = (ctx) => {
      log(ctx, "boom");
      throw new Error("boom");
    };
    const asyncBoom = async (ctx) => {
      await tick();
      log(ctx, "asyncBoom");
      throw new Error("async boom");
    };
    const recover = compose.catch((err, ctx) => ctx.status(500).json({ recovered: err.message }));
    app.get("/catch-sync", compose(step("a"), boom, step("skipped"), recover, step("after")));
    app.get("/catch-async", compose(step("a"), asyncBoom, asyncStep("skipped"), recover));
    app.get(
      "/catch-continue",
      compose(
        boom,
        step("skipped"),
        compose.catch((err, ctx) => void log(ctx, `handled ${err.message}`)),
        asyncStep("after"),
        () => "continued",
      ),
    );
    app.get(
      "/catch-rethrow",
      compose(
        asyncBoom,
        compose.catch(async (err) => {
          throw new Error(`wrapped ${err.message}`);
        }),
        step("skipped"),
        compose.catch((err) => ({ last: err.message })),
      ),
    );
    app.get(
      "/catch-unused",
      compose(
        step("a"),
        compose.catch(() => "never"),
        () => "normal",
      ),
    );
    app.get(
      "/catch-respond-error",
      compose(
        () => ({ big: 10n }),
        compose.catch((err) => ({ caught: err.name })),
      ),
    );
    app.get("/unhandled-sync", compose(step("a"), boom, step("skipped")));
    app.get("/unhandled-async", compose(asyncBoom, step("skipped")));
    app.get(
      "/unhandled-falsy",
      compose(() => Promise.reject(undefined)),
    );
    app.get(
      "/catch-then-unhandled",
      compose(
        boom,
        compose.catch(() => Promise.reject(new Error("again"))),
      ),
    );

    // Errors off: only the final guard, straight to the error middleware.
    app.get(
      "/off-ok",
      compose({ errors: false }, step("a"), asyncStep("b"), () => "plain text"),
    );
    app.get("/off-sync", compose({ errors: false }, boom, step("skipped")));
    app.get("/off-async", compose({ errors: false }, asyncBoom, step("skipped")));
    app.get(
      "/off-nested-catch",
      compose({ errors: false }, compose(asyncBoom, recover), () => "unreached"),
    );

    // Stream failing before its first byte goes to the error middleware.
    app.get(
      "/stream-error",
      compose(
        () =>
          new Readable({
            read() {
              this.destroy(new Error("stream broke"));
            },
          }),
      ),
    );

    // Context helpers.
    app.post(
      "/ctx/:id",
      compose((ctx) => ({ params: ctx.params, query: ctx.query, body: ctx.body })),
    );
    app.get(
      "/headers",
      compose((ctx) =>
        ctx
          .status(203)
          .set("X-Custom", "yes")
          .type("text/plain")
          .send(`${ctx.get("X-ID")}|${ctx.get("referrer")}|${ctx.get("Referer")}|${ctx.get("absent")}`),
      ),
    );
    app.get(
      "/redirect",
      compose((ctx) => ctx.redirect("/there")),
    );
    app.get(
      "/redirect-status",
      compose((ctx) => ctx.redirect(301, "/moved")),
    );

    app.use(
      compose(
        step("app-level"),
        compose.catch(() => "unused"),
      ),
    );
    app.use((req, res) => res.status(404).json({ notFound: req.url }));
    // Express-style 4-argument error middleware receives unhandled errors.

    app.use((err, req, res, next) => res.status(500).json({ error: err.message }));

    server = await start(app, { via: "listen" });
  });

  afterAll(() => server?.close());

  let nextId = 0;
  const get = async (path, init = {}) => {
    const id = String(++nextId);
    const res = await fetch(server.url + path, { ...init, headers: { "x-id": id, ...init.headers } });
    return { res, text: await res.text(), trace: () => trace.get(id) ?? [] };
  };
  const getJson = async (path, init) => {
    const result = await get(path, init);
    return { ...result, body: JSON.parse(result.text) };
  };

  it.runIf(core)("is the `compose` lib-server exports", () => {
    expect(core.compose).toBe(compose);
  });

  describe("return values", () => {
    const cases = [
      ["string", "text/html", "hello"],
      ["buffer", "application/octet-stream", "buf"],
      ["uint8", "application/octet-stream", "hi"],
      ["object", "application/json", '{"ok":true}'],
      ["array", "application/json", "[1,2]"],
      ["number", "application/json", "42"],
      ["boolean", "application/json", "false"],
      ["null", "application/json", "null"],
      ["stream", "application/octet-stream", "stream"],
    ];
    for (const prefix of ["value", "async-value"]) {
      it.each(cases)(`${prefix}: %s is the response`, async (name, type, body) => {
        const { res, text } = await get(`/${prefix}/${name}`);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toContain(type);
        expect(text).toBe(body);
      });
    }

    it("keeps a content type set before returning a stream", async () => {
      const { res, text } = await get("/value/stream-typed");
      expect(res.headers.get("content-type")).toContain("text/plain");
      expect(text).toBe("x");
    });
  });

  describe("flow", () => {
    it("runs sync and async steps in order, flattening arrays", async () => {
      const { res, trace } = await get("/order");
      expect(res.status).toBe(404); // nothing returned: falls through to the app's 404
      expect(trace()).toEqual(["a", "b", "c", "d", "e", "f", "app-level"]);
    });

    it("shares ctx.state between steps", async () => {
      expect((await getJson("/state")).body).toEqual({ n: 2 });
    });

    it("stops after a step that sent a response", async () => {
      const { res, body, trace } = await getJson("/stop-sent");
      expect(res.status).toBe(401);
      expect(body).toEqual({ error: "no token" });
      expect(trace()).toEqual([]);
    });

    it("stops after a step that returned a value", async () => {
      const { text, trace } = await get("/stop-value");
      expect(text).toBe("first");
      expect(trace()).toEqual([]);
    });

    it("stops after an async step that ended the response itself", async () => {
      const { res, trace } = await get("/stop-async-sent");
      expect(res.status).toBe(202);
      expect(trace()).toEqual([]);
    });

    it("treats a returned ctx as nothing to send", async () => {
      const { res, text } = await get("/ctx-return");
      expect(res.status).toBe(201);
      expect(text).toBe("created");
    });

    it("calls next() when the chain ends with nothing sent", async () => {
      for (const path of ["/fallthrough", "/fallthrough-sync"]) {
        const { text, trace } = await get(path);
        expect(text).toBe("express");
        expect(trace()[0]).toBe("a");
      }
    });
  });

  describe("nesting", () => {
    it("runs a nested chain inline on the same context", async () => {
      const { body, trace } = await getJson("/nested");
      expect(body).toEqual({ inner: true });
      expect(trace()).toEqual(["o1", "i1", "i2", "o2"]);
    });

    it("lets a nested chain's return value end the outer chain", async () => {
      const { text, trace } = await get("/nested-value");
      expect(text).toBe("from inner");
      expect(trace()).toEqual(["o1", "i1"]);
    });

    it("nests several levels deep, mixing options", async () => {
      const { text, trace } = await get("/nested-twice");
      expect(text).toBe("ok");
      expect(trace()).toEqual(["i1", "i2", "i1", "i2", "deep"]);
    });

    it("scopes a nested chain's catch steps to its own steps", async () => {
      expect((await getJson("/nested-catch-scope")).body).toEqual({ caught: "outer" });
    });

    it("passes a nested chain's unhandled error to the outer catch", async () => {
      const { body, trace } = await getJson("/nested-error-bubbles");
      expect(body).toEqual({ caught: "inner" });
      expect(trace()).toEqual(["i1"]);
    });

    it("continues the outer chain after a nested catch handled the error", async () => {
      const { text, trace } = await get("/nested-catch-handles");
      expect(text).toBe("outer continues");
      expect(trace()).toEqual(["handled inner"]);
    });
  });

  describe("errors on (default)", () => {
    it("skips to the next catch step after a sync throw", async () => {
      const { res, body, trace } = await getJson("/catch-sync");
      expect(res.status).toBe(500);
      expect(body).toEqual({ recovered: "boom" });
      expect(trace()).toEqual(["a", "boom"]);
    });

    it("skips to the next catch step after a rejection", async () => {
      const { body, trace } = await getJson("/catch-async");
      expect(body).toEqual({ recovered: "async boom" });
      expect(trace()).toEqual(["a", "asyncBoom"]);
    });

    it("continues after a catch step that returns nothing", async () => {
      const { text, trace } = await get("/catch-continue");
      expect(text).toBe("continued");
      expect(trace()).toEqual(["boom", "handled boom", "after"]);
    });

    it("passes an error thrown by a catch step to the next catch step", async () => {
      const { body, trace } = await getJson("/catch-rethrow");
      expect(body).toEqual({ last: "wrapped async boom" });
      expect(trace()).toEqual(["asyncBoom"]);
    });

    it("skips catch steps when nothing failed", async () => {
      expect((await get("/catch-unused")).text).toBe("normal");
    });

    it("routes a failure to serialize the returned value to the catch step", async () => {
      expect((await getJson("/catch-respond-error")).body).toEqual({ caught: "TypeError" });
    });

    it("hands unhandled errors to the app's 4-argument error middleware", async () => {
      for (const [path, message, ran] of [
        ["/unhandled-sync", "boom", ["a", "boom"]],
        ["/unhandled-async", "async boom", ["asyncBoom"]],
        ["/catch-then-unhandled", "again", ["boom"]],
      ]) {
        const { res, body, trace } = await getJson(path);
        expect(res.status).toBe(500);
        expect(body).toEqual({ error: message });
        expect(trace()).toEqual(ran);
      }
    });

    it("turns a falsy rejection into an Error instead of a silent next()", async () => {
      const { res, body } = await getJson("/unhandled-falsy");
      expect(res.status).toBe(500);
      expect(body.error).toMatch(/undefined/);
    });

    it("hands a stream failing before its first byte to the error middleware", async () => {
      const { res, body } = await getJson("/stream-error");
      expect(res.status).toBe(500);
      expect(body).toEqual({ error: "stream broke" });
    });
  });

  describe("errors off", () => {
    it("runs the chain normally", async () => {
      const { text, trace } = await get("/off-ok");
      expect(text).toBe("plain text");
      expect(trace()).toEqual(["a", "b"]);
    });

    it("hands sync throws and rejections to the error middleware", async () => {
      for (const [path, message, ran] of [
        ["/off-sync", "boom", ["boom"]],
        ["/off-async", "async boom", ["asyncBoom"]],
      ]) {
        const { res, body, trace } = await getJson(path);
        expect(res.status).toBe(500);
        expect(body).toEqual({ error: message });
        expect(trace()).toEqual(ran);
      }
    });

    it("still runs the catch steps of a nested errors-on chain", async () => {
      const { res, body } = await getJson("/off-nested-catch");
      expect(res.status).toBe(500);
      expect(body).toEqual({ recovered: "async boom" });
    });
  });

  describe("context", () => {
    it("reads params, query and the parsed body from req", async () => {
      const { body } = await getJson("/ctx/7?q=x", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"a":1}',
      });
      expect(body).toEqual({ params: { id: "7" }, query: { q: "x" }, body: { a: 1 } });
    });

    it("reads headers case-insensitively and chains response helpers", async () => {
      const { res, text } = await get("/headers", { headers: { referer: "http://ref" } });
      expect(res.status).toBe(203);
      expect(res.headers.get("x-custom")).toBe("yes");
      expect(res.headers.get("content-type")).toContain("text/plain");
      expect(text).toMatch(/^\d+\|http:\/\/ref\|http:\/\/ref\|undefined$/);
    });

    it("redirects, with or without a status", async () => {
      const plain = await get("/redirect", { redirect: "manual" });
      expect(plain.res.status).toBe(302);
      expect(plain.res.headers.get("location")).toBe("/there");
      const moved = await get("/redirect-status", { redirect: "manual" });
      expect(moved.res.status).toBe(301);
      expect(moved.res.headers.get("location")).toBe("/moved");
    });
  });
});
